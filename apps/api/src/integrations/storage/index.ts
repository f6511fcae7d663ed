import path from 'node:path';
import type { Config } from '../../config.ts';
import { localStorage } from './local-storage.ts';
import { s3Storage } from './s3-storage.ts';
import type { FileStorage } from './storage.ts';

export type { FileStorage } from './storage.ts';

export function storageFor(config: Config): FileStorage {
  return config.storage.kind === 's3' ? s3Storage(config.storage) : localStorage(path.join(config.dataDir, 'files'));
}
