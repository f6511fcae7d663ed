import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const LOCALES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'apps', 'web', 'public', 'locales');
const cache = new Map<string, unknown>();

/** A text of the web app's translation file, e.g. `tr('de', 'errors.wrong_password')`; throws for a missing key. */
export function tr(lng: 'de' | 'en' | 'it' | 'ru', key: string): string {
  if (!cache.has(lng)) {
    cache.set(lng, JSON.parse(readFileSync(path.join(LOCALES, lng, 'common.json'), 'utf8')));
  }
  let node: unknown = cache.get(lng);
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') {
    throw new Error(`no text ${key} in the ${lng} locale file`);
  }
  return node;
}
