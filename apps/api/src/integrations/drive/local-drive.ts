import { createReadStream, type Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DriveError, mimeTypeOf, type DriveSource } from './drive.ts';

/** A folder or file name inside the root: one plain segment, never `..` or a hidden file. */
const SEGMENT = /^(?!\.)[^/\\\0]{1,255}$/;

/**
 * The default, offline: a folder on disk (`DRIVE_LOCAL_ROOT`, by default `DATA_DIR/drive`). Each sub-folder is a
 * "Drive folder" whose id is its name; the files directly in it are its files (hidden files and sub-folders are
 * left out). A user drops the scans or lead files into e.g. `DATA_DIR/drive/messe-zuerich/` and imports the folder
 * `messe-zuerich`.
 */
export function localDrive(root: string): DriveSource {
  const folderPath = (folderId: string) => {
    if (!SEGMENT.test(folderId) || folderId === '..') {
      throw new DriveError('folder_invalid', 'not a folder name');
    }
    return path.join(root, folderId);
  };
  const filePath = (fileId: string) => {
    const [folderId, name, ...rest] = fileId.split('/');
    if (!folderId || !name || rest.length > 0 || !SEGMENT.test(name)) {
      throw new DriveError('file_not_found', 'not a file of the local drive');
    }
    return path.join(folderPath(folderId), name);
  };

  return {
    provider: 'local',
    async listFiles(folderId) {
      const dir = folderPath(folderId);
      let entries: Dirent[];
      try {
        entries = await fs.readdir(dir, { withFileTypes: true });
      } catch (cause) {
        const code = (cause as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') {
          throw new DriveError('folder_not_found', `no folder ${folderId} in the local drive`, { cause });
        }
        if (code === 'ENOTDIR') {
          throw new DriveError('not_a_folder', `${folderId} is a file, not a folder`, { cause });
        }
        throw new DriveError('unreachable', 'the local drive could not be read', { cause });
      }
      const files = [];
      for (const entry of entries) {
        if (!entry.isFile() || !SEGMENT.test(entry.name)) {
          continue;
        }
        const stat = await fs.stat(path.join(dir, entry.name)).catch(() => null);
        if (!stat) {
          continue; // removed meanwhile
        }
        files.push({
          // The folder travels with the id, so a file is downloaded by its id alone.
          id: `${folderId}/${entry.name}`,
          name: entry.name,
          mimeType: mimeTypeOf(entry.name),
          size: stat.size,
          modifiedTime: stat.mtime.toISOString(),
        });
      }
      return files.sort((a, b) => a.name.localeCompare(b.name, 'de'));
    },
    async folderName(folderId) {
      // A sub-folder of the root: its id is its name.
      const stat = await fs.stat(folderPath(folderId)).catch(() => null);
      if (!stat) {
        throw new DriveError('folder_not_found', `no folder ${folderId} in the local drive`);
      }
      if (!stat.isDirectory()) {
        throw new DriveError('not_a_folder', `${folderId} is a file, not a folder`);
      }
      return folderId;
    },
    async download(file) {
      const target = filePath(file.id);
      const stat = await fs.stat(target).catch(() => null);
      if (!stat?.isFile()) {
        throw new DriveError('file_not_found', 'the file is no longer in the local drive');
      }
      return { name: path.basename(target), mimeType: mimeTypeOf(target), body: createReadStream(target) };
    },
  };
}
