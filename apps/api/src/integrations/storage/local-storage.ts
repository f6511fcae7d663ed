import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from './storage.ts';

/** The default: a folder under DATA_DIR, two levels of shards so no folder grows too large. */
export function localStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    if (!/^[A-Za-z0-9_-]{8,}$/.test(key)) {
      throw new Error(`invalid storage key ${key}`);
    }
    return path.join(root, key.slice(0, 2), key.slice(2, 4), key);
  };
  return {
    name: 'local',
    async putFile(key, tempPath) {
      const target = pathOf(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      try {
        await fs.rename(tempPath, target);
      } catch {
        // Another file system: copy, then remove the temporary file.
        await fs.copyFile(tempPath, target);
        await fs.rm(tempPath, { force: true });
      }
    },
    read(key, range) {
      return Promise.resolve(createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {}));
    },
    async remove(key) {
      await fs.rm(pathOf(key), { force: true });
    },
  };
}
