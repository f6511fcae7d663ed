import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeBitlink {
  id: string;
  link: string;
  long_url: string;
  title: string | null;
  tags: string[];
  group_guid: string;
  domain: string;
}

/**
 * A local server speaking the part of Bitly's API v4 the short-link adapter uses, as documented:
 * `POST /v4/bitlinks` with `Authorization: Bearer {token}` and `{ long_url, domain, group_guid, title,
 * tags }`; 201 with the new bitlink, 200 with the existing one when the long URL was shortened before
 * in that group; 403 `FORBIDDEN` for a wrong token or group, 400 `INVALID_ARG_LONG_URL`, and a 500 on
 * demand (`failNext`).
 */
export async function startFakeBitly(opts: { token: string; groupGuid: string }) {
  const links: FakeBitlink[] = [];
  let failNext = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== '/v4/bitlinks') {
        json(404, { message: 'NOT_FOUND', resource: 'bitlinks' });
        return;
      }
      if (req.headers.authorization !== `Bearer ${opts.token}`) {
        json(403, { message: 'FORBIDDEN', description: 'You are currently forbidden to access this resource.' });
        return;
      }
      if (failNext > 0) {
        failNext -= 1;
        json(500, { message: 'INTERNAL_ERROR' });
        return;
      }
      let body: Partial<FakeBitlink>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Partial<FakeBitlink>;
      } catch {
        json(400, { message: 'INVALID_CONTENT_TYPE_HEADER' });
        return;
      }
      if (body.group_guid !== opts.groupGuid) {
        json(403, { message: 'FORBIDDEN', description: 'group_guid' });
        return;
      }
      if (typeof body.long_url !== 'string' || !/^https?:\/\//.test(body.long_url)) {
        json(400, { message: 'INVALID_ARG_LONG_URL', resource: 'bitlinks', errors: [{ field: 'long_url', error_code: 'invalid' }] });
        return;
      }
      const domain = body.domain ?? 'bit.ly';
      const existing = links.find((l) => l.long_url === body.long_url && l.group_guid === body.group_guid);
      if (existing) {
        json(200, existing);
        return;
      }
      const hash = `b${(links.length + 1).toString(36)}x${Math.random().toString(36).slice(2, 6)}`;
      const link: FakeBitlink = {
        id: `${domain}/${hash}`,
        link: `https://${domain}/${hash}`,
        long_url: body.long_url,
        title: body.title ?? null,
        tags: body.tags ?? [],
        group_guid: body.group_guid,
        domain,
      };
      links.push(link);
      json(201, link);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    links,
    failNext(n = 1) {
      failNext = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
