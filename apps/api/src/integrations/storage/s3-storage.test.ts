import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../../test/fake-s3.ts';
import { s3Storage } from './s3-storage.ts';

let s3: FakeS3;
let dir: string;

beforeAll(async () => {
  s3 = await startFakeS3('bo-files', 'AKIDTEST');
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-s3-'));
});

afterAll(async () => {
  await s3?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const storage = () =>
  s3Storage({
    endpoint: s3.endpoint,
    region: 'eu-central-2',
    bucket: 'bo-files',
    accessKeyId: 'AKIDTEST',
    secretAccessKey: 'secret',
    forcePathStyle: true,
    prefix: 'uploads/',
  });

async function tempFile(content: string): Promise<string> {
  const file = path.join(dir, `t-${Math.random().toString(16).slice(2)}`);
  await fs.writeFile(file, content);
  return file;
}

describe('S3 storage', () => {
  it('uploads with a signed path-style PUT, reads whole and in ranges, and deletes', async () => {
    const file = await tempFile('Grüezi aus dem Objektspeicher');
    const size = (await fs.stat(file)).size;
    await storage().putFile('abcdEFGH1234', file, 'text/plain', size);

    const put = s3.requests.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe('/bo-files/uploads/abcdEFGH1234');
    expect(put.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/eu-central-2\/s3\/aws4_request/);
    expect(s3.objects.get('uploads/abcdEFGH1234')).toMatchObject({ contentType: 'text/plain' });
    await expect(fs.stat(file)).rejects.toThrow();

    expect(await text(await storage().read('abcdEFGH1234'))).toBe('Grüezi aus dem Objektspeicher');
    expect(await text(await storage().read('abcdEFGH1234', { start: 0, end: 5 }))).toBe('Grüez');

    await storage().remove('abcdEFGH1234');
    expect(s3.objects.has('uploads/abcdEFGH1234')).toBe(false);
  });

  it('fails loudly for a missing object', async () => {
    await expect(storage().read('missing-key-1')).rejects.toThrow();
  });

  it('fails loudly with wrong credentials', async () => {
    const wrong = s3Storage({
      endpoint: s3.endpoint,
      region: 'eu-central-2',
      bucket: 'bo-files',
      accessKeyId: 'OTHER',
      secretAccessKey: 'x',
      forcePathStyle: true,
    });
    await expect(wrong.putFile('abcdEFGH5678', await tempFile('x'), 'text/plain', 1)).rejects.toThrow();
  });
});
