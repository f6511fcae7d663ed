import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/open.ts';

// Applies the committed migrations to DATABASE_URL (or the embedded database) and exits.
const opened = await openConfiguredDatabase(loadConfig(), console.log, { migrate: true });
await opened.close();
console.log('migrations applied');
