import type { Readable } from 'node:stream';

export interface StoredRange {
  start: number;
  end: number;
}

/** Where the bytes of uploaded files live. Keys are random; what a file is, is in the `files` table. */
export interface FileStorage {
  readonly name: 'local' | 's3';
  /** Moves (or uploads) the finished temporary file to its key. */
  putFile(key: string, tempPath: string, contentType: string, sizeBytes: number): Promise<void>;
  /** The bytes of a key, or of an inclusive byte range of it. */
  read(key: string, range?: StoredRange): Promise<Readable>;
  remove(key: string): Promise<void>;
}
