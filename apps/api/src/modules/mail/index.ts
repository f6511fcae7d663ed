/** The mail outbox's public surface: modules queue mails in their transaction; the job queue delivers them. */
export { deliverQueued, mailsToRecipient, nextMailDue, queueMail, type MailMessage } from './service.ts';
