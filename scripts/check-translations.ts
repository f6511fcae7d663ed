/**
 * Fails when a translation is missing: a key present in one language but not another, an empty text,
 * a key the web app uses literally (`t('…')`, `t('ns:…')` for a feature namespace) that German lacks, or a key built from domain values
 * (screens, roles, error identifiers, validation keys, refusal reasons, choice options) that German lacks.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  ERROR_STATUS,
  GENDERS,
  LANGUAGES,
  PERSONS_AT_HOME,
  PRIMARY_COLOURS,
  REFUSALS,
  RELATIONS,
  ROLE_CODES,
  SCREENS,
  VALIDATION_KEYS,
  WORKING_STATUSES,
} from '../packages/domain/src/index.ts';

type Tree = { [key: string]: string | Tree };

const dir = 'apps/web/public/locales';
const flatten = (tree: Tree, prefix = ''): [string, string | Tree][] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'object' ? flatten(v, `${prefix}${k}.`) : [[`${prefix}${k}`, v] as [string, string]],
  );

const problems: string[] = [];
const languages = fs.readdirSync(dir).sort();
const namespaces = new Set(languages.flatMap((lng) => fs.readdirSync(path.join(dir, lng))));
const keysByLanguage = new Map<string, Set<string>>();

for (const ns of namespaces) {
  for (const lng of languages) {
    const file = path.join(dir, lng, ns);
    if (!fs.existsSync(file)) {
      problems.push(`${lng}/${ns}: file missing`);
      continue;
    }
    const entries = flatten(JSON.parse(fs.readFileSync(file, 'utf8')) as Tree);
    const set = keysByLanguage.get(lng) ?? new Set<string>();
    const prefix = ns === 'common.json' ? '' : `${ns.replace(/\.json$/, '')}:`;
    for (const [k, v] of entries) {
      set.add(prefix + k);
      if (typeof v !== 'string' || v.trim() === '') {
        problems.push(`${lng}/${ns}: ${k} is empty`);
      }
    }
    keysByLanguage.set(lng, set);
  }
}
const all = new Set([...keysByLanguage.values()].flatMap((s) => [...s]));
for (const [lng, set] of keysByLanguage) {
  for (const k of all) {
    if (!set.has(k)) {
      problems.push(`${lng}: missing ${k}`);
    }
  }
}
for (const lng of LANGUAGES) {
  if (!keysByLanguage.has(lng)) {
    problems.push(`${lng}: no translation files`);
  }
}

const german = keysByLanguage.get('de') ?? new Set<string>();
const need = (key: string, where: string) => {
  if (!german.has(key)) {
    problems.push(`de: missing ${key} (${where})`);
  }
};

// Literal keys in the web app's source.
const sourceFiles = fs
  .readdirSync('apps/web/src', { recursive: true })
  .map(String)
  .filter((f) => /\.(ts|tsx)$/.test(f));
for (const file of sourceFiles) {
  const text = fs.readFileSync(path.join('apps/web/src', file), 'utf8');
  // Keys of the feature namespaces are written `ns:key`; plain keys are in common.
  for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z0-9_.:]+)'/g)) {
    need(m[1]!, file);
  }
}

// Keys built from domain values.
SCREENS.forEach((s) => need(`screens.${s.id}`, 'SCREENS'));
ROLE_CODES.forEach((r) => need(`roles.${r}`, 'ROLE_CODES'));
Object.keys(ERROR_STATUS).forEach((code) => need(`errors.${code.replace(/[^A-Za-z0-9]+/g, '_')}`, 'ERROR_STATUS'));
VALIDATION_KEYS.forEach((k) => need(`validation.${k}`, 'VALIDATION_KEYS'));
REFUSALS.forEach((r) => need(`refusals.${r}`, 'REFUSALS'));
const options: Record<string, readonly string[]> = {
  gender: GENDERS,
  relations: RELATIONS,
  working_status: WORKING_STATUSES,
  persons_at_home: PERSONS_AT_HOME,
  locale: LANGUAGES,
  theme_colour: Object.keys(PRIMARY_COLOURS),
};
for (const [field, values] of Object.entries(options)) {
  values.forEach((v) => need(`options.${field}.${v}`, `options of ${field}`));
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`translations complete: ${languages.join(', ')}; ${german.size} keys each`);
