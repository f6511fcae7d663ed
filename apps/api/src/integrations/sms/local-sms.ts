import { randomUUID } from 'node:crypto';
import type { SmsSender } from './sms.ts';

/**
 * The local default: nothing leaves the machine. The outbox row already holds the number and the text,
 * which is what the admin reads, so the message counts as delivered the moment the job takes it.
 */
export function localSms(): SmsSender {
  return {
    provider: 'local',
    send: () => Promise.resolve({ providerId: `local-${randomUUID()}`, status: 'delivered' }),
  };
}
