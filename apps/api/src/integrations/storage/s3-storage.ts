import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { FileStorage } from './storage.ts';

export interface S3Options {
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style addressing (`endpoint/bucket/key`), which MinIO and most S3-compatible stores need. */
  forcePathStyle: boolean;
  prefix?: string | undefined;
}

/** Any S3-compatible object store (AWS S3, MinIO, Exoscale, Infomaniak …). */
export function s3Storage(opts: S3Options): FileStorage {
  const client = new S3Client({
    region: opts.region,
    ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
    forcePathStyle: opts.forcePathStyle,
    credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
    // Plain bodies rather than aws-chunked uploads with checksum trailers, which not every S3-compatible store reads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const keyOf = (key: string) => `${opts.prefix ?? ''}${key}`;
  return {
    name: 's3',
    async putFile(key, tempPath, contentType, sizeBytes) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: opts.bucket,
            Key: keyOf(key),
            Body: createReadStream(tempPath),
            ContentType: contentType,
            ContentLength: sizeBytes,
          }),
        );
      } finally {
        await fs.rm(tempPath, { force: true });
      }
    },
    async read(key, range) {
      const answer = await client.send(
        new GetObjectCommand({ Bucket: opts.bucket, Key: keyOf(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      if (!(answer.Body instanceof Readable)) {
        throw new Error(`no body for ${key}`);
      }
      return answer.Body;
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: opts.bucket, Key: keyOf(key) }));
    },
  };
}
