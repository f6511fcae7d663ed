import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3 {
  endpoint: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  requests: { method: string; path: string; authorization: string; contentSha256: string }[];
  close(): Promise<void>;
}

const xmlError = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;

/**
 * A local server speaking the S3 REST API as documented for path-style requests (PutObject,
 * GetObject with Range, DeleteObject), refusing requests that are not signed with Signature V4.
 */
export async function startFakeS3(bucket: string, accessKeyId: string): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: FakeS3['requests'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://s3.local');
      const authorization = req.headers.authorization ?? '';
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        authorization,
        contentSha256: String(req.headers['x-amz-content-sha256'] ?? ''),
      });
      const send = (status: number, body: string | Buffer = '', headers: Record<string, string> = {}) => {
        res.writeHead(status, headers);
        res.end(body);
      };
      if (!authorization.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`) || !req.headers['x-amz-date']) {
        send(403, xmlError('AccessDenied', 'Signature V4 required'), { 'content-type': 'application/xml' });
        return;
      }
      const [, b, ...rest] = decodeURIComponent(url.pathname).split('/');
      const key = rest.join('/');
      if (b !== bucket) {
        send(404, xmlError('NoSuchBucket', 'The specified bucket does not exist'), { 'content-type': 'application/xml' });
        return;
      }
      if (req.method === 'PUT') {
        objects.set(key, { body: Buffer.concat(chunks), contentType: String(req.headers['content-type'] ?? 'application/octet-stream') });
        send(200, '', { etag: '"fake"' });
        return;
      }
      const object = objects.get(key);
      if (req.method === 'DELETE') {
        objects.delete(key);
        send(204);
        return;
      }
      if (req.method === 'GET') {
        if (!object) {
          send(404, xmlError('NoSuchKey', 'The specified key does not exist.'), { 'content-type': 'application/xml' });
          return;
        }
        const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
        if (range) {
          const start = Number(range[1]);
          const end = Math.min(Number(range[2]), object.body.length - 1);
          send(206, object.body.subarray(start, end + 1), {
            'content-type': object.contentType,
            'content-range': `bytes ${start}-${end}/${object.body.length}`,
            'content-length': String(end - start + 1),
          });
          return;
        }
        send(200, object.body, { 'content-type': object.contentType, 'content-length': String(object.body.length) });
        return;
      }
      send(405, xmlError('MethodNotAllowed', 'not supported here'), { 'content-type': 'application/xml' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
