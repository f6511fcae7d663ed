import { buildApp } from './app.ts';
import { errorSummary } from './http/loggable-error.ts';
import { loadConfig } from './config.ts';
import { openConfiguredDatabase } from './db/open.ts';
import { DEMO_PASSWORD, DEMO_SIGN_INS, isDatabaseEmpty, seedDemo } from './db/seed/demo.ts';
import { smtpTransport } from './integrations/mail/smtp-transport.ts';
import { storageFor } from './integrations/storage/index.ts';
import { outboxTransport } from './integrations/mail/transport.ts';
import { createSmsSender } from './integrations/sms/index.ts';
import { createDrive } from './integrations/drive/index.ts';
import { createOcrEngine } from './integrations/ocr/index.ts';
import { createTelephony } from './integrations/telephony/index.ts';
import { startJobs } from './jobs/queue.ts';
import { DEFAULT_WEB_DIST, LOCALES_DIR, readVersion } from './paths.ts';

const config = loadConfig();
const log = (line: string) => console.log(`[back-office] ${line}`);
/** Set by Ctrl-C or a stop signal: from then on, connections ending are expected and not reported. */
let stopping = false;
const report = (line: string) => {
  if (!stopping) {
    log(line);
  }
};

// The embedded PostgreSQL in its own process group: Ctrl-C stops the app first, the database last.
const opened = await openConfiguredDatabase(config, report, { migrate: true, ownProcessGroup: true });
const { database, url } = opened;

// Demo data comes by itself only into a new embedded database; an external one gets it via `npm run seed:demo`.
const wantsDemo = config.seedDemo ?? Boolean(opened.embedded);
if (wantsDemo && (await isDatabaseEmpty(database.db))) {
  log('seeding demo data …');
  const counts = await seedDemo(database.db, { storage: storageFor(config) });
  log(`demo data: ${counts.staff} sign-ins, ${counts.clients} clients`);
}

const transport = config.mail.transport === 'smtp' ? smtpTransport(config.mail.smtpUrl!) : outboxTransport;
const jobs = await startJobs({
  databaseUrl: url,
  db: database.db,
  transport,
  mailFrom: config.mail.from,
  sms: createSmsSender(config),
  ocr: {
    db: database.db,
    files: { db: database.db, storage: storageFor(config) },
    drive: createDrive(config),
    engine: createOcrEngine(config),
  },
  importCheck: { db: database.db, files: { db: database.db, storage: storageFor(config) }, limits: config.import },
  reminders: { publicUrl: config.publicUrl },
  telephony: createTelephony(config),
  licences: { db: database.db },
  onError: (err) => report(`job error: ${errorSummary(err)}`),
});

const webDist = config.webDist ?? DEFAULT_WEB_DIST;
const { app } = await buildApp({
  config,
  database,
  databaseUrl: url,
  jobs,
  localesDir: LOCALES_DIR,
  webDist,
  version: readVersion(webDist),
  realtime: true,
  logger: { level: config.logLevel },
});

async function shutdown(signal: string): Promise<void> {
  if (stopping) {
    return;
  }
  stopping = true;
  log(`${signal}: stopping`);
  const force = setTimeout(() => process.exit(1), 15_000).unref();
  try {
    await app.close();
    await jobs.stop();
    transport.close?.();
    await opened.close();
  } finally {
    clearTimeout(force);
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const shown = `http://localhost:${config.port}`;
log(`ready at ${shown} (API docs at ${shown}/docs)`);
if (wantsDemo) {
  log(`demo sign-ins (password ${DEMO_PASSWORD}): ${DEMO_SIGN_INS.map((s) => s.email).join(', ')}`);
}
