import type { PgBoss } from 'pg-boss';
import type { Db } from '../../db/client.ts';
import { refreshStats, yearsDue } from './aggregate.service.ts';

const STATS_REFRESH = 'stats.refresh';
/**
 * A run starts again this long after the last one ended (and the minute schedule is the backstop), so a
 * figure is at most this plus one run's time old: 30 s + about 10 s at benchmark scale, within the
 * minute a statistics answer may be old (docs/statistics.md).
 */
const AGAIN_AFTER_SECONDS = 30;

/**
 * The refresh of the pre-aggregated statistics: the current Zurich year (in January the one before too),
 * then past years a change reached or never computed, two at most per run.
 */
export async function registerStatsJobs(boss: PgBoss, deps: { db: Db }, onError: (err: Error) => void): Promise<void> {
  // One run waiting and one running at most, whatever the number of API processes.
  await boss.createQueue(STATS_REFRESH, { policy: 'stately' });
  await boss.work(STATS_REFRESH, async () => {
    try {
      await refreshStats(deps.db, await yearsDue(deps.db, new Date()));
    } catch (err) {
      onError(err instanceof Error ? err : new Error(String(err)));
    }
    await boss.send(STATS_REFRESH, {}, { startAfter: AGAIN_AFTER_SECONDS });
  });
  await boss.schedule(STATS_REFRESH, '* * * * *');
  await boss.send(STATS_REFRESH, {});
}
