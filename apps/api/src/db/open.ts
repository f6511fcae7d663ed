import type { Config } from '../config.ts';
import { openDatabase, runMigrations, type Database } from './client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.ts';

export interface OpenedDatabase {
  database: Database;
  url: string;
  embedded: EmbeddedDatabase | undefined;
  close(): Promise<void>;
}

/** The external server of DATABASE_URL, or the embedded one in DATA_DIR; migrated either way. */
export async function openConfiguredDatabase(
  config: Config,
  log: (line: string) => void,
  opts: { migrate: boolean; ownProcessGroup?: boolean },
): Promise<OpenedDatabase> {
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({
        dataDir: config.dataDir,
        port: config.embeddedPgPort,
        log,
        ...(opts.ownProcessGroup ? { ownProcessGroup: true } : {}),
      });
  const url = config.databaseUrl ?? embedded!.url;
  try {
    if (opts.migrate) {
      await runMigrations(url);
    }
  } catch (err) {
    await embedded?.stop();
    throw err;
  }
  const database = openDatabase(url, { onError: (err) => log(`database connection error: ${err.message}`) });
  return {
    database,
    url,
    embedded,
    close: async () => {
      await database.close();
      await embedded?.stop();
    },
  };
}
