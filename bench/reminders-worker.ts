/**
 * One SMS delivery worker of the reminders bench (bench/reminders-reliability.ts), a process of its own so
 * the bench can kill it with SIGKILL in the middle of a send. It runs the outbox's real delivery
 * (`deliverDueSms`) with the real Twilio adapter against the bench's fake Twilio, polling every
 * BENCH_POLL_MS (100 ms) when nothing is due. BENCH_WORKER_FROM tells its messages apart at the fake.
 */
import { openDatabase } from '../apps/api/src/db/client.ts';
import { twilioSms } from '../apps/api/src/integrations/sms/twilio-sms.ts';
import { deliverDueSms } from '../apps/api/src/modules/sms/index.ts';

const url = process.env.BENCH_REMINDERS_DB!;
const poll = Number(process.env.BENCH_POLL_MS ?? 100);
const database = openDatabase(url, { max: 2 });
const sender = twilioSms({
  accountSid: process.env.BENCH_TWILIO_SID!,
  authToken: process.env.BENCH_TWILIO_TOKEN!,
  from: process.env.BENCH_WORKER_FROM!,
  baseUrl: process.env.BENCH_TWILIO_URL!,
  statusCallback: 'https://bench.invalid/api/webhooks/twilio/sms-status',
});

let stopping = false;
process.on('SIGTERM', () => {
  stopping = true;
});
process.send?.({ ready: true });
while (!stopping) {
  const { taken } = await deliverDueSms(database.db, sender, { limit: 50 });
  if (taken === 0) {
    await new Promise((resolve) => setTimeout(resolve, poll));
  }
}
await database.close();
