import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { zEmail } from '@bo/domain';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { openConfiguredDatabase } from '../db/open.ts';
import { mailsToRecipient } from '../modules/mail/index.ts';

/**
 * `npm run outbox:read -- <email> [--limit N] [--json]`: the newest mails of the local outbox to one
 * address, with their codes and links, for a developer reading a mail of their own. The outbox screen
 * and API hide those secrets from admins; this reads the database itself, so only who can reach the
 * database (DATABASE_URL, or the embedded one in DATA_DIR) can read them.
 */

const USAGE = 'usage: npm run outbox:read -- <email> [--limit N] [--json]';

/** The embedded PostgreSQL of DATA_DIR while a server runs it: its port is the fourth line of postmaster.pid. */
async function runningEmbeddedUrl(dataDir: string): Promise<string | undefined> {
  const text = await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').catch(() => undefined);
  const lines = text?.split('\n') ?? [];
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) {
    return undefined;
  }
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: alive, but another user's (PostgreSQL runs as `postgres` when the server runs as root).
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') {
      return undefined;
    }
  }
  return `postgres://postgres:postgres@127.0.0.1:${port}/backoffice`;
}

const { values, positionals } = parseArgs({
  options: { limit: { type: 'string', default: '1' }, json: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const email = zEmail().safeParse(positionals[0] ?? '');
const limit = Number(values.limit);
if (positionals.length !== 1 || !email.success || !Number.isInteger(limit) || limit < 1 || limit > 100) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig();
const url = config.databaseUrl ?? (await runningEmbeddedUrl(config.dataDir));
// No server running: start the embedded database of DATA_DIR for this one read.
const opened = url
  ? { db: openDatabase(url, { max: 1 }), embedded: undefined }
  : await openConfiguredDatabase(config, () => undefined, { migrate: false }).then((o) => ({ db: o.database, embedded: o }));
try {
  const mails = await mailsToRecipient(opened.db.db, email.data, limit);
  if (values.json) {
    console.log(JSON.stringify(mails));
  } else if (mails.length === 0) {
    console.log(`no mail to ${email.data}`);
  } else {
    for (const mail of mails) {
      console.log(`To: ${mail.to}\nSubject: ${mail.subject}\nKind: ${mail.kind} · ${mail.status} · ${mail.created_at}\n\n${mail.text}\n`);
    }
  }
} finally {
  if (opened.embedded) {
    await opened.embedded.close();
  } else {
    await opened.db.close();
  }
}
