/**
 * What the provider said of a message it took: `queued` (it will send it), `sent` (handed to the carrier)
 * or `delivered` (the phone confirmed it). Later changes would come by the provider's status callback.
 */
export type SentSmsStatus = 'sent' | 'delivered' | 'queued';

/** Where providers post delivery statuses (Twilio's status callback), below `PUBLIC_URL`. */
export const SMS_STATUS_PATH = '/api/webhooks/twilio/sms-status';

export interface SentSms {
  /** The provider's id of the message (Twilio's `SM…` sid), kept with the outbox row. */
  providerId: string;
  status: SentSmsStatus;
}

export interface SendOptions {
  /**
   * The outbox row's id, added to the status callback's address (`?msg=`, covered by the signature):
   * a callback that comes before the send is committed still finds its message (it waits for the row).
   */
  ref?: string;
}

/** The status callback's address for one message. */
export function statusCallbackFor(url: string, opts: SendOptions | undefined): string {
  return opts?.ref ? `${url}${url.includes('?') ? '&' : '?'}msg=${encodeURIComponent(opts.ref)}` : url;
}

/** Sends one text message; the outbox job decides what and when. `to` is in E.164 (`+41791234567`). */
export interface SmsSender {
  readonly provider: string;
  send(to: string, text: string, opts?: SendOptions): Promise<SentSms>;
  /**
   * Whether the provider already took this message: a worker died between the provider's answer and
   * the outbox's record of it, or the provider did not answer. The outbox asks before it sends such a
   * message again; null means the provider has no such message. Throws when the provider cannot be
   * asked (the outbox then asks again later, it never sends blind). A sender without `find` cannot tell:
   * the outbox puts such a message in the dead-letter list for a person to decide.
   */
  find?(to: string, text: string, opts: { ref: string; since: Date }): Promise<SentSms | null>;
  /**
   * Called once the outbox has recorded a message under its provider id (after the commit): the local
   * sender reports its delivery from here, through the same status webhook a provider calls.
   */
  recorded?(providerId: string, opts?: SendOptions): Promise<void>;
}

/**
 * Why a message was not sent. `provider_refused`: the provider refused this message (invalid or blocked
 * number, text too long): sending it again gets the same answer. `provider_unreachable`: network error,
 * timeout, 5xx, rate limit or refused credentials, worth trying again later.
 */
export type SmsFailure = 'provider_refused' | 'provider_unreachable';

export class SmsError extends Error {
  override readonly name = 'SmsError';
  readonly reason: SmsFailure;
  /** The provider's HTTP status, when it answered. */
  readonly status: number | undefined;
  /** The provider's error code (Twilio's `21211` …), when it gave one. */
  readonly code: string | undefined;

  constructor(reason: SmsFailure, message: string, opts: { status?: number; code?: string; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.reason = reason;
    this.status = opts.status;
    this.code = opts.code;
  }
}
