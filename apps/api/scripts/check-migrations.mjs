// Fails when the drizzle schema and the committed migrations disagree (a change without its migration).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve('src/db/migrations');
const list = () => new Set(fs.readdirSync(dir, { recursive: true }).map(String));
const before = list();
const run = spawnSync('npx', ['drizzle-kit', 'generate', '--name', 'drift_check'], { encoding: 'utf8' });
const added = [...list()].filter((f) => !before.has(f));
if (run.status !== 0) {
  console.error(run.stdout, run.stderr);
  process.exit(1);
}
if (added.length > 0) {
  // Put the journal back as it was and remove what the check wrote.
  spawnSync('git', ['checkout', '--', 'src/db/migrations/meta/_journal.json']);
  for (const f of added) {
    fs.rmSync(path.join(dir, f), { force: true });
  }
  console.error('The database schema differs from the committed migrations: run `npm run db:generate`.');
  process.exit(1);
}
console.log('migrations match the schema');
