/** The SMS outbox's public surface: the job queue delivers the due messages. */
export { deliverDueSms, type DeliveryCounts } from './service.ts';
