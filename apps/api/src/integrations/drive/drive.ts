import type { Readable } from 'node:stream';

/** One file of a folder, as the provider lists it. */
export interface DriveFile {
  /** The provider's id: Google Drive's file id, or the file's name in the local folder. */
  id: string;
  name: string;
  mimeType: string;
  /** Bytes; null for Google-native documents, which have no stored size. */
  size: number | null;
  /** ISO 8601. */
  modifiedTime: string | null;
}

/** The bytes of one file. A Google sheet arrives exported as CSV, so name and type may differ from the listing. */
export interface DriveDownload {
  name: string;
  mimeType: string;
  body: Readable;
}

/**
 * Where scanned forms and lead files are picked up: a folder of a storage provider. A folder is named by its
 * id (a Google Drive folder id, or a sub-folder of the local drive root); `parseFolderRef` also takes a Drive address.
 */
export interface DriveSource {
  readonly provider: 'local' | 'google';
  /** The files directly in the folder (no sub-folders, nothing in the trash), oldest name order kept stable. */
  listFiles(folderId: string): Promise<DriveFile[]>;
  /** The folder's name as the provider shows it (what a batch of its scans is called); null when it cannot tell. */
  folderName(folderId: string): Promise<string | null>;
  download(file: Pick<DriveFile, 'id' | 'name' | 'mimeType'>): Promise<DriveDownload>;
}

/**
 * Why a folder or file could not be read. `folder_invalid`: not a folder id or Drive address;
 * `folder_not_found`: no such folder, or not shared with the service account; `not_a_folder`: the id names a file;
 * `file_not_found`; `unsupported`: a Google-native document that cannot be exported to a file we read;
 * `access_denied`: the credentials were refused; `unreachable`: network error, timeout, 5xx or rate limit after retries.
 */
export type DriveFailure =
  'folder_invalid' | 'folder_not_found' | 'not_a_folder' | 'file_not_found' | 'unsupported' | 'access_denied' | 'unreachable';

export class DriveError extends Error {
  override readonly name = 'DriveError';
  readonly reason: DriveFailure;
  readonly status: number | undefined;

  constructor(reason: DriveFailure, message: string, opts: { status?: number; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.reason = reason;
    this.status = opts.status;
  }
}

const DRIVE_ID = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * The folder id in what a user pasted: a bare id, or a Drive address such as
 * `https://drive.google.com/drive/folders/<id>?usp=sharing`, `…/drive/u/0/folders/<id>` or `…/open?id=<id>`.
 * Null when it is neither.
 */
export function parseFolderRef(input: string): string | null {
  const text = input.trim();
  if (DRIVE_ID.test(text)) {
    return text;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return null;
  }
  const fromPath = /\/folders\/([A-Za-z0-9_-]+)/.exec(url.pathname)?.[1];
  const id = fromPath ?? url.searchParams.get('id') ?? null;
  return id && DRIVE_ID.test(id) ? id : null;
}

/** The file's type from its name, for the local folder (which has no stored type). */
export function mimeTypeOf(name: string): string {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  return MIME_BY_EXT[ext] ?? 'application/octet-stream';
}

const MIME_BY_EXT: Record<string, string> = {
  csv: 'text/csv',
  txt: 'text/plain',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  tif: 'image/tiff',
  tiff: 'image/tiff',
};
