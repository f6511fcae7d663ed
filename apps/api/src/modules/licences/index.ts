/**
 * Licences' public surface: the independent agents' licences, their card checkout and the payment
 * provider's webhooks that keep them up to date.
 */
export {
  applyPendingEvents,
  inProcessApplier,
  licenceRestricts,
  restrictedAgents,
  sweepRestrictedSockets,
  type LicenceDeps,
} from './service.ts';
export { type LocalPaymentDeps } from './local.service.ts';
export { registerLicenceJobs, LICENCE_EVENTS_QUEUE } from './jobs.ts';
export { PAYMENTS_WEBHOOK_PATH } from './webhook.routes.ts';
