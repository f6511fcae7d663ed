import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeApplication {
  id: string;
  status: string;
  body: Record<string, unknown>;
}

/**
 * A local server speaking the financing provider's JSON API (docs/finances-operations.md): Bearer auth,
 * `POST /applications` answered 201 `{ id, status }`, `GET /applications/{id}`, errors as `{ error, message }`.
 * Tests decide what it answers next and read what it received.
 */
export async function startFakeFinancing(apiKey: string) {
  const applications = new Map<string, FakeApplication>();
  const state = { next: null as null | { status: number; body: unknown }, newStatus: 'in_examination' };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${apiKey}`) {
        json(401, { error: 'unauthorized', message: 'Unknown API key' });
        return;
      }
      if (state.next) {
        json(state.next.status, state.next.body);
        state.next = null;
        return;
      }
      const path = new URL(req.url ?? '/', 'http://financing.local').pathname;
      const one = /^\/applications\/([^/]+)$/.exec(path);
      if (req.method === 'POST' && path === '/applications') {
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        } catch {
          json(400, { error: 'invalid_json' });
          return;
        }
        if (!Number.isInteger(body.amount) || (body.amount as number) <= 0 || body.currency !== 'CHF') {
          json(422, { error: 'invalid_amount', message: 'amount must be a positive whole number of Rappen in CHF' });
          return;
        }
        const id = `APP-${randomBytes(4).toString('hex')}`;
        applications.set(id, { id, status: state.newStatus, body });
        json(201, { id, status: state.newStatus });
        return;
      }
      if (req.method === 'GET' && one) {
        const found = applications.get(decodeURIComponent(one[1]!));
        if (!found) {
          json(404, { error: 'not_found', message: 'No such application' });
          return;
        }
        json(200, { id: found.id, status: found.status });
        return;
      }
      json(404, { error: 'not_found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    applications,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
