import type { Db } from '../../db/client.ts';
import { ping } from './repo.ts';

/** Whether the database answers within two seconds (the health check says so rather than hanging). */
export function databaseAnswers(db: Db): Promise<boolean> {
  return Promise.race([
    ping(db).then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2000).unref()),
  ]);
}
