/**
 * Writes the generated part of docs/permissions.md from the code: the role → permission matrix of the
 * domain registry and every API route with the access it declares. `--check` fails when the file is stale.
 */
import fs from 'node:fs';
import { PERMISSIONS, ROLE_CODES, ROLE_PERMISSIONS, type Permission, type RouteAccess } from '../packages/domain/src/index.ts';
import type { StateChange } from '../apps/api/src/http/origin.ts';
import { routesOnlyApp } from './routes-only-app.ts';

const FILE = 'docs/permissions.md';
const START = '<!-- generated:start -->';
const END = '<!-- generated:end -->';

const built = await routesOnlyApp('doc');

const accessText = (access: RouteAccess | undefined) => (!access ? 'NONE' : 'public' in access ? 'public' : access.permission);
// GETs that change state are refused to other sites like every write (docs/permissions.md).
const changeText = (declared: StateChange | undefined) =>
  declared === undefined ? '' : declared === 'bookmark' ? ', changes state (also from a bookmark)' : ', changes state';

const rows = built
  .routes()
  .filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/docs'))
  .map((r) => ({ method: r.method, url: r.url, access: accessText(r.access), change: changeText(r.changesState) }))
  .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));

const abbr: Record<string, string> = {
  admin: 'admin',
  user: 'user',
  sales_agent: 'sa',
  call_agent: 'ca',
  prom_agent: 'pa',
  partner: 'partner',
  ocr_manager: 'om',
  independent_agent: 'ia',
};
const permissions = Object.keys(PERMISSIONS) as Permission[];
const lines = [
  START,
  '',
  '### Who holds which permission',
  '',
  `| permission | meaning | ${ROLE_CODES.map((r) => abbr[r]).join(' | ')} |`,
  `| --- | --- | ${ROLE_CODES.map(() => ':-:').join(' | ')} |`,
  ...permissions.map(
    (p) => `| \`${p}\` | ${PERMISSIONS[p]} | ${ROLE_CODES.map((r) => (ROLE_PERMISSIONS[r].includes(p) ? '✓' : '')).join(' | ')} |`,
  ),
  '',
  '### Every route',
  '',
  '| method | path | access |',
  '| --- | --- | --- |',
  ...rows.map((r) => `| ${r.method} | \`${r.url}\` | ${r.access === 'public' ? 'public' : `\`${r.access}\``}${r.change} |`),
  '',
  END,
];
const generated = lines.join('\n');
const current = fs.readFileSync(FILE, 'utf8');
const begin = current.indexOf(START);
const stop = current.indexOf(END);
if (begin < 0 || stop < 0) {
  throw new Error(`${FILE} needs the markers ${START} and ${END}`);
}
const next = current.slice(0, begin) + generated + current.slice(stop + END.length);
await built.close();
if (process.argv.includes('--check')) {
  if (next !== current) {
    console.error(`${FILE} is out of date: run \`npm run docs:permissions\`.`);
    process.exit(1);
  }
  console.log(`${FILE} matches the code (${rows.length} routes)`);
} else {
  fs.writeFileSync(FILE, next);
  console.log(`${FILE} written (${rows.length} routes)`);
}
