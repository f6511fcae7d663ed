import type { Config } from '../../config.ts';
import type { DriveSource } from './drive.ts';
import { googleDrive } from './google-drive.ts';
import { localDrive } from './local-drive.ts';

export {
  DriveError,
  mimeTypeOf,
  parseFolderRef,
  type DriveDownload,
  type DriveFailure,
  type DriveFile,
  type DriveSource,
} from './drive.ts';
export { googleDrive, type GoogleDriveOptions, type ServiceAccountKey } from './google-drive.ts';
export { localDrive } from './local-drive.ts';

/** The folder source named by `DRIVE_PROVIDER`: a watched folder on disk by default, or Google Drive. */
export function createDrive(config: Pick<Config, 'drive'>): DriveSource {
  const d = config.drive;
  switch (d.provider) {
    case 'local':
      return localDrive(d.root);
    case 'google':
      return googleDrive({ serviceAccount: d.serviceAccount, apiBase: d.apiBase, tokenUrl: d.tokenUrl });
  }
}
