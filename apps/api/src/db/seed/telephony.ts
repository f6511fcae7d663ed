import type { Tx } from '../client.ts';
import { accountSettingsOf } from '../../modules/staff/index.ts';
import { aircallCallWebhook, applyAircallWebhookIn, type CallEventName } from '../../modules/telephony/index.ts';

interface DemoCall {
  callId: string;
  direction: 'inbound' | 'outbound';
  number: string;
  /** When the call started, in hours before the seed runs. */
  hoursAgo: number;
  answered: boolean;
  duration: number;
}

/**
 * A few calls in the demo call agent's log, made of the webhooks Aircall would have sent for them and
 * applied by the same handler as the real ones: answered calls with clients (each one contact-history
 * entry), a missed call and an unanswered outbound one, and a call from a number no client has, left
 * for the agent to attach.
 */
export async function seedDemoCalls(tx: Tx, opts: { callAgent: number; clients: { id: number; mobile: string }[] }): Promise<number> {
  const telephonyUserId = (await accountSettingsOf(tx, opts.callAgent))?.telephonyUserId;
  const [a, b, c] = opts.clients;
  if (!telephonyUserId || !a || !b || !c) {
    return 0;
  }
  const calls: DemoCall[] = [
    { callId: '1000001', direction: 'inbound', number: a.mobile, hoursAgo: 70, answered: true, duration: 184 },
    { callId: '1000002', direction: 'outbound', number: b.mobile, hoursAgo: 43, answered: true, duration: 312 },
    { callId: '1000003', direction: 'outbound', number: c.mobile, hoursAgo: 26, answered: false, duration: 31 },
    { callId: '1000004', direction: 'inbound', number: a.mobile, hoursAgo: 20, answered: false, duration: 22 },
    { callId: '1000005', direction: 'inbound', number: '+41 79 640 18 27', hoursAgo: 2, answered: true, duration: 95 },
  ];
  const now = Date.now();
  for (const call of calls) {
    const startedAt = new Date(now - call.hoursAgo * 3_600_000);
    const answeredAt = call.answered ? new Date(startedAt.getTime() + 7000) : null;
    const endedAt = new Date(startedAt.getTime() + call.duration * 1000);
    const events: CallEventName[] = ['call.created'];
    if (call.direction === 'inbound') {
      events.push('call.ringing_on_agent');
    }
    if (call.answered) {
      events.push('call.answered');
    }
    events.push('call.hungup', 'call.ended');
    for (const event of events) {
      const at =
        event === 'call.ended' ? new Date(endedAt.getTime() + 30_000) : event === 'call.hungup' ? endedAt : (answeredAt ?? startedAt);
      await applyAircallWebhookIn(
        tx,
        aircallCallWebhook({
          event,
          token: '',
          callId: call.callId,
          direction: call.direction,
          rawDigits: call.number,
          telephonyUserId,
          startedAt,
          answeredAt: event === 'call.created' || event === 'call.ringing_on_agent' ? null : answeredAt,
          endedAt,
          duration: call.duration,
          at,
        }),
      );
    }
  }
  return calls.length;
}
