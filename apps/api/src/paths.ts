import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '../../..');
export const LOCALES_DIR = path.join(REPO_ROOT, 'apps/web/public/locales');
export const DEFAULT_WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');

/** The build id the web bundle was made with, so the health answer and the bundle agree. */
export function readVersion(webDist: string): string {
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(webDist, 'version.json'), 'utf8')) as { version?: string };
    return parsed.version ?? 'dev';
  } catch {
    return 'dev';
  }
}
