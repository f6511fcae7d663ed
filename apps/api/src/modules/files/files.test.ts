import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exe, mp4, multipart, png } from '../../../test/fixtures.ts';
import { buildStaff } from '../../../test/factories.ts';
import { createTestApp, injectAs, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
const cookies = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'sales_agent', 'partner', 'user'] as const) {
    cookies.set(role, (await buildStaff(t, role)).cookie);
  }
});

afterAll(async () => {
  await t?.close();
});

const upload = (role: string, url: string, body: Buffer, name: string) =>
  injectAs(t.app, cookies.get(role)!, { method: 'POST', url, ...multipart(body, name) });

async function storedFiles(): Promise<string[]> {
  const dir = path.join(t.dataDir, 'files');
  const entries = await fs.readdir(dir, { recursive: true }).catch(() => []);
  const out: string[] = [];
  for (const e of entries) {
    if ((await fs.stat(path.join(dir, String(e)))).isFile()) {
      out.push(String(e));
    }
  }
  return out;
}

async function fileRows(): Promise<number> {
  return Number((await t.pool.query<{ n: string }>('SELECT count(*) AS n FROM files')).rows[0]!.n);
}

describe('product media uploads', () => {
  it('stores a real PNG under a random name and serves it back with its type', async () => {
    const image = png(8);
    const res = await upload('admin', '/api/upload-product-image', image, 'Wasserfilter Aqua.png');
    expect(res.statusCode).toBe(200);
    const { file } = res.json<{ file: { id: string; url: string; kind: string; content_type: string; size: number; name: string } }>();
    expect(file).toMatchObject({
      kind: 'image',
      content_type: 'image/png',
      size: image.length,
      name: 'Wasserfilter Aqua.png',
      url: `/api/files/${file.id}`,
    });
    const stored = await storedFiles();
    expect(stored.some((f) => f.includes('Wasserfilter'))).toBe(false);

    const served = await injectAs(t.app, cookies.get('admin')!, { method: 'GET', url: file.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(image)).toBe(true);
  });

  it('takes an MP4 as a product video', async () => {
    const res = await upload('admin', '/api/upload-product-video', mp4(), 'demo.mp4');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ file: { kind: 'video', content_type: 'video/mp4' } });
  });

  it('refuses a renamed executable by its content and stores nothing', async () => {
    const before = { rows: await fileRows(), stored: (await storedFiles()).length };
    const res = await upload('admin', '/api/upload-product-image', exe(), 'photo.png');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: 'UNSUPPORTED_FILE_TYPE', field_validation: { file: 'invalid_value' } });
    expect(await fileRows()).toBe(before.rows);
    expect((await storedFiles()).length).toBe(before.stored);
  });

  it('refuses a file of the wrong kind for the endpoint', async () => {
    expect((await upload('admin', '/api/upload-product-image', mp4(), 'clip.png')).json()).toMatchObject({
      error: 'UNSUPPORTED_FILE_TYPE',
    });
    expect((await upload('admin', '/api/upload-product-video', png(), 'image.mp4')).json()).toMatchObject({
      error: 'UNSUPPORTED_FILE_TYPE',
    });
  });

  it('refuses an image over 5 MB with 413 and stores nothing', async () => {
    const before = { rows: await fileRows(), stored: (await storedFiles()).length };
    const big = Buffer.concat([png(), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload('admin', '/api/upload-product-image', big, 'big.png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'FILE_TOO_LARGE' });
    expect(await fileRows()).toBe(before.rows);
    expect((await storedFiles()).length).toBe(before.stored);
  });

  it('answers 400 to a body without a file and to an empty file', async () => {
    const noFile = await injectAs(t.app, cookies.get('admin')!, {
      method: 'POST',
      url: '/api/upload-product-image',
      payload: '--x--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(noFile.statusCode).toBe(400);
    const empty = await upload('admin', '/api/upload-product-image', Buffer.alloc(0), 'empty.png');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'EMPTY_FILE' });
  });

  it('lets only product managers upload', async () => {
    expect((await upload('sales_agent', '/api/upload-product-image', png(), 'a.png')).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/upload-product-image', ...multipart(png(), 'a.png') });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('serving files', () => {
  let fileId: string;
  let bytes: Buffer;

  beforeAll(async () => {
    bytes = png(16);
    fileId = (await upload('admin', '/api/upload-product-image', bytes, 'p.png')).json<{ file: { id: string } }>().file.id;
  });

  it('answers a byte range with 206, and 416 for an impossible one', async () => {
    const res = await injectAs(t.app, cookies.get('admin')!, {
      method: 'GET',
      url: `/api/files/${fileId}`,
      headers: { range: 'bytes=0-7' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 0-7/${bytes.length}`);
    expect(res.rawPayload.equals(bytes.subarray(0, 8))).toBe(true);
    const bad = await injectAs(t.app, cookies.get('admin')!, {
      method: 'GET',
      url: `/api/files/${fileId}`,
      headers: { range: `bytes=${bytes.length}-` },
    });
    expect(bad.statusCode).toBe(416);
  });

  it('hides a file nobody linked yet from other roles, and shows product media to those who read products', async () => {
    const asAgent = () => injectAs(t.app, cookies.get('sales_agent')!, { method: 'GET', url: `/api/files/${fileId}` });
    expect((await asAgent()).statusCode).toBe(404);
    await t.pool.query(
      `INSERT INTO products (code, name, type, default_price, image_file_id) VALUES ('AQ-1', 'Aqua', 'main', 249000, $1)`,
      [fileId],
    );
    expect((await asAgent()).statusCode).toBe(200);
    const asPartner = await injectAs(t.app, cookies.get('partner')!, { method: 'GET', url: `/api/files/${fileId}` });
    expect(asPartner.statusCode).toBe(404);
    // A client sees a product's picture (beside what they bought), never its video.
    const asClient = (id: string) => injectAs(t.app, cookies.get('user')!, { method: 'GET', url: `/api/files/${id}` });
    expect((await asClient(fileId)).statusCode).toBe(200);
    const video = await upload('admin', '/api/upload-product-video', mp4(), 'film.mp4');
    expect(video.statusCode, video.body).toBe(200);
    const videoId = video.json<{ file: { id: string } }>().file.id;
    await t.pool.query("UPDATE products SET video_file_id = $1 WHERE code = 'AQ-1'", [videoId]);
    expect((await asClient(videoId)).statusCode).toBe(404);
    expect((await injectAs(t.app, cookies.get('sales_agent')!, { method: 'GET', url: `/api/files/${videoId}` })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown file and 400 for a malformed id', async () => {
    const unknown = await injectAs(t.app, cookies.get('admin')!, { method: 'GET', url: '/api/files/00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    const malformed = await injectAs(t.app, cookies.get('admin')!, { method: 'GET', url: '/api/files/not-a-uuid' });
    expect(malformed.statusCode).toBe(400);
  });
});
