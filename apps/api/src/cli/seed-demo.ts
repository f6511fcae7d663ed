import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/open.ts';
import { DEMO_PASSWORD, isDatabaseEmpty, seedDemo } from '../db/seed/demo.ts';
import { storageFor } from '../integrations/storage/index.ts';

const config = loadConfig();
const opened = await openConfiguredDatabase(config, console.log, { migrate: true });
try {
  if (!(await isDatabaseEmpty(opened.database.db))) {
    console.error('The database already has users; demo data goes only into an empty database.');
    process.exitCode = 1;
  } else {
    const counts = await seedDemo(opened.database.db, { storage: storageFor(config) });
    console.log(`demo data: ${counts.staff} sign-ins (password ${DEMO_PASSWORD}), ${counts.clients} clients`);
  }
} finally {
  await opened.close();
}
