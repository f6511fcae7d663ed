import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGoogleRequest {
  key: string | null;
  body: { address?: { regionCode?: string; postalCode?: string; locality?: string; addressLines?: string[] } };
}

/**
 * A local server speaking the part of Google's Address Validation API the adapter uses, as documented
 * (https://developers.google.com/maps/documentation/address-validation/reference/rest/v1/TopLevel/validateAddress):
 * `POST /v1:validateAddress?key=…` with a JSON `{ address: PostalAddress }`, answering
 * `{ result: { verdict, address: { addressComponents, missingComponentTypes, … }, geocode }, responseId }`;
 * a wrong key is 400 `{ error: { code, message, status: 'INVALID_ARGUMENT' } }` as Google answers it.
 * `answer` makes the result from the request.
 */
export async function startFakeGoogleAddressValidation(opts: { key: string; answer: (req: FakeGoogleRequest) => unknown }) {
  const requests: FakeGoogleRequest[] = [];
  const state = { failNext: null as null | number };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
        res.end(JSON.stringify(body));
      };
      const url = new URL(req.url ?? '/', 'http://google.local');
      if (req.method !== 'POST' || url.pathname !== '/v1:validateAddress') {
        json(404, { error: { code: 404, message: 'Not Found', status: 'NOT_FOUND' } });
        return;
      }
      if (state.failNext) {
        const status = state.failNext;
        state.failNext = null;
        json(status, { error: { code: status, message: 'Backend Error', status: 'UNAVAILABLE' } });
        return;
      }
      const key = url.searchParams.get('key');
      if (key !== opts.key) {
        json(400, { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' } });
        return;
      }
      let body: FakeGoogleRequest['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeGoogleRequest['body'];
      } catch {
        json(400, { error: { code: 400, message: 'Invalid JSON payload received.', status: 'INVALID_ARGUMENT' } });
        return;
      }
      const request = { key, body };
      requests.push(request);
      json(200, { result: opts.answer(request), responseId: `resp-${requests.length}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
