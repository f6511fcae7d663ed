export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** The Message-ID header (`<…@…>`), the same on every try of one outbox mail. */
  messageId?: string;
}

/** How a queued message leaves the system. */
export interface MailTransport {
  readonly name: 'outbox' | 'smtp';
  deliver(mail: OutgoingMail): Promise<void>;
  close?(): void;
}

/**
 * The local default: the message already sits in the outbox table, where admins read it.
 * Delivery only marks it done, so the flow is the same as with a real provider.
 */
export const outboxTransport: MailTransport = {
  name: 'outbox',
  deliver: () => Promise.resolve(),
};
