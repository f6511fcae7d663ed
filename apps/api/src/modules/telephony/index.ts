/**
 * Telephony's public surface: the calls merged from the provider's webhooks, the agents' availability,
 * and the simulator the local telephony places its calls through.
 */
export {
  applyAircallWebhookIn,
  CALL_CLIENTS_SHOWN,
  handleAircallWebhook,
  simulateCall,
  simulateOutboundCall,
  type EmitToUser,
  type TelephonyDeps,
  type TelephonyLiveEvents,
} from './service.ts';
export { aircallCallWebhook, type AircallWebhook, type CallEventName } from './aircall-events.ts';
export { AIRCALL_WEBHOOK_PATH } from './webhook.routes.ts';
export { reconcileCalls, registerTelephonyJobs, type ReconcileResult } from './reconcile.service.ts';
