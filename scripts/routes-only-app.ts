import { buildApp, type BuiltApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';

/** The server built only to read its routes (no query runs, no database needed); `close` ends it. */
export async function routesOnlyApp(version: string): Promise<BuiltApp & { close(): Promise<void> }> {
  const database = openDatabase('postgres://nobody@127.0.0.1:1/none', { max: 1 });
  const built = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database, localesDir: '/none', version });
  await built.app.ready();
  return {
    ...built,
    close: async () => {
      await built.app.close();
      await database.close();
    },
  };
}
