import type { PgBoss } from 'pg-boss';
import type { Db } from '../../db/client.ts';
import { applyPendingEvents } from './service.ts';

export const LICENCE_EVENTS_QUEUE = 'licences.apply-events';

/**
 * The worker that applies the stored webhook events: woken after each new event, and every minute for
 * anything a stopped process left behind.
 */
export async function registerLicenceJobs(boss: PgBoss, deps: { db: Db }, onError: (err: Error) => void): Promise<{ notify(): void }> {
  await boss.createQueue(LICENCE_EVENTS_QUEUE);
  await boss.work(LICENCE_EVENTS_QUEUE, { pollingIntervalSeconds: 1 }, async () => {
    await applyPendingEvents(deps.db);
  });
  await boss.schedule(LICENCE_EVENTS_QUEUE, '* * * * *');
  return {
    notify: () => {
      boss.send(LICENCE_EVENTS_QUEUE, {}).catch(onError);
    },
  };
}
