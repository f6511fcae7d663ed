// Fails when a translation key exists in one language but not in another, or a value is empty.
import fs from 'node:fs';
import path from 'node:path';

const dir = 'apps/web/public/locales';
const languages = fs.readdirSync(dir).sort();
const flatten = (tree, prefix = '') =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'object' ? flatten(v, `${prefix}${k}.`) : [[`${prefix}${k}`, v]]));

const problems = [];
const namespaces = new Set(languages.flatMap((lng) => fs.readdirSync(path.join(dir, lng))));
for (const ns of namespaces) {
  const keys = new Map();
  for (const lng of languages) {
    const file = path.join(dir, lng, ns);
    if (!fs.existsSync(file)) {
      problems.push(`${lng}/${ns}: file missing`);
      continue;
    }
    const entries = flatten(JSON.parse(fs.readFileSync(file, 'utf8')));
    keys.set(lng, new Set(entries.map(([k]) => k)));
    for (const [k, v] of entries) {
      if (typeof v !== 'string' || v.trim() === '') {
        problems.push(`${lng}/${ns}: ${k} is empty`);
      }
    }
  }
  const all = new Set([...keys.values()].flatMap((s) => [...s]));
  for (const [lng, set] of keys) {
    for (const k of all) {
      if (!set.has(k)) {
        problems.push(`${lng}/${ns}: missing ${k}`);
      }
    }
  }
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`translations complete: ${languages.join(', ')} (${[...namespaces].join(', ')})`);
