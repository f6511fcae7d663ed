import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const LOCALES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'apps', 'web', 'public', 'locales');
const cache = new Map<string, unknown>();

type Language = 'de' | 'en' | 'it' | 'ru';

function namespace(lng: Language, ns: string): unknown {
  const file = `${lng}/${ns}`;
  if (!cache.has(file)) {
    cache.set(file, JSON.parse(readFileSync(path.join(LOCALES, lng, `${ns}.json`), 'utf8')));
  }
  return cache.get(file);
}

/**
 * A text of the web app's translation files: `tr('de', 'errors.wrong_password')` reads common.json,
 * `tr('de', 'locations:deleted')` a feature namespace (apps/web/public/locales/<lng>/<ns>.json).
 * `vars` fill `{{name}}` placeholders as i18next does. Throws for a missing key.
 */
export function tr(lng: Language, key: string, vars: Record<string, string | number> = {}): string {
  const colon = key.indexOf(':');
  const ns = colon >= 0 ? key.slice(0, colon) : 'common';
  const pathInNs = colon >= 0 ? key.slice(colon + 1) : key;
  let node: unknown = namespace(lng, ns);
  for (const part of pathInNs.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') {
    throw new Error(`no text ${key} in the ${lng} locale files`);
  }
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
