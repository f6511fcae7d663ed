/** The SMS outbox's public surface: the job queue delivers the due messages. */
export { deliverDueSms, nextSmsDueAt, type DeliveryCounts, type DeliveryOptions } from './service.ts';
