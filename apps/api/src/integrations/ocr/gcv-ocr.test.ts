import { generateKeyPairSync, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { gcvOcr } from './gcv-ocr.ts';
import { createOcrEngine } from './index.ts';
import { OcrError } from './ocr.ts';
import { tesseractOcr } from './tesseract-ocr.ts';

const KEY = 'vision-api-key';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ACCOUNT_EMAIL = 'ocr@back-office.iam.gserviceaccount.com';

interface AnnotateRequest {
  image?: { content?: string };
  features?: { type?: string }[];
  imageContext?: { languageHints?: string[] };
}

/**
 * A local server speaking Cloud Vision's `POST /v1/images:annotate` as documented: API key as `?key=` or an
 * OAuth bearer token; `{ requests: [{ image: { content }, features: [{ type }], imageContext }] }`, at most 16;
 * answers `{ responses: [{ fullTextAnnotation: { text, pages[].blocks[].paragraphs[].words[] } } | { error }] }`
 * in order, or an HTTP error `{ error: { code, message, status } }`. Also the OAuth token endpoint a service
 * account signs in at (`grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer`, an RS256 JWT).
 * The "image" is the text itself, so each test says what is written.
 */
async function startFakeVision() {
  const calls: { path: string; authorization: string | undefined; requests: AnnotateRequest[] }[] = [];
  const tokens: string[] = [];
  const state = { next: null as null | { status: number; body: unknown } };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
        res.end(JSON.stringify(body));
      };
      const error = (code: number, status: string, message: string) => json(code, { error: { code, message, status } });
      const url = new URL(req.url ?? '/', 'http://localhost');
      const text = Buffer.concat(chunks).toString('utf8');
      if (req.method === 'POST' && url.pathname === '/token') {
        const form = new URLSearchParams(text);
        const [header = '', claims = '', signature = ''] = (form.get('assertion') ?? '').split('.');
        const valid =
          form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' &&
          verify('RSA-SHA256', Buffer.from(`${header}.${claims}`), publicKey, Buffer.from(signature, 'base64url'));
        const body = valid ? (JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, unknown>) : {};
        if (!valid || body.iss !== ACCOUNT_EMAIL || body.scope !== 'https://www.googleapis.com/auth/cloud-vision') {
          json(400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
          return;
        }
        const token = `ya29.token-${tokens.length + 1}`;
        tokens.push(token);
        json(200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
        return;
      }
      if (req.method !== 'POST' || url.pathname !== '/v1/images:annotate') {
        error(404, 'NOT_FOUND', 'Not found');
        return;
      }
      const bearer = req.headers.authorization?.replace(/^Bearer /, '');
      if (url.searchParams.get('key') !== KEY && !(bearer && tokens.includes(bearer))) {
        error(403, 'PERMISSION_DENIED', 'The request is missing a valid API key.');
        return;
      }
      let body: { requests?: AnnotateRequest[] };
      try {
        body = JSON.parse(text) as { requests?: AnnotateRequest[] };
      } catch {
        error(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
        return;
      }
      const requests = body.requests ?? [];
      calls.push({ path: url.pathname, authorization: req.headers.authorization, requests });
      if (state.next) {
        json(state.next.status, state.next.body);
        state.next = null;
        return;
      }
      if (requests.length === 0 || requests.length > 16) {
        error(400, 'INVALID_ARGUMENT', 'At most 16 images per request.');
        return;
      }
      json(200, {
        responses: requests.map((r) => {
          const written = Buffer.from(r.image?.content ?? '', 'base64').toString('utf8');
          if (r.features?.[0]?.type !== 'DOCUMENT_TEXT_DETECTION') {
            return { error: { code: 3, message: 'No feature requested.', status: 'INVALID_ARGUMENT' } };
          }
          if (written === 'not an image') {
            return { error: { code: 3, message: 'Bad image data.' } };
          }
          if (!written) {
            return {};
          }
          const words = written.split(/\s+/).map((w) => ({
            confidence: w.endsWith('?') ? 0.42 : 0.98,
            symbols: [...w].map((c) => ({ text: c, confidence: 0.98 })),
          }));
          return {
            textAnnotations: [{ description: written }],
            fullTextAnnotation: {
              text: `${written}\n`,
              pages: [{ confidence: 0.95, blocks: [{ confidence: 0.95, paragraphs: [{ words }] }] }],
            },
          };
        }),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, calls, tokens, state, close: () => new Promise<void>((r) => server.close(() => r())) };
}

let vision: Awaited<ReturnType<typeof startFakeVision>>;
beforeAll(async () => {
  vision = await startFakeVision();
});
afterAll(() => vision.close());
beforeEach(() => {
  vision.calls.length = 0;
  vision.state.next = null;
});

const img = (text: string) => Buffer.from(text, 'utf8');
const opts = { lang: 'deu+fra+ita', psm: 7 as const };

async function failure(p: Promise<unknown>): Promise<OcrError> {
  const e: unknown = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(OcrError);
  return e as OcrError;
}

describe('Cloud Vision', () => {
  it('reads images with DOCUMENT_TEXT_DETECTION and language hints, the least sure word as the confidence', async () => {
    const engine = gcvOcr({ endpoint: vision.url, apiKey: KEY });
    expect(await engine.recognize(img('Müller-Bänziger'), opts)).toEqual({ text: 'Müller-Bänziger', confidence: 0.98 });
    expect(await engine.recognize(img('Bahnhofstrasse 12?'), opts)).toEqual({ text: 'Bahnhofstrasse 12?', confidence: 0.42 });
    expect(await engine.recognize(img(''), opts)).toEqual({ text: '', confidence: 0 });
    const [first] = vision.calls;
    expect(first?.requests[0]).toMatchObject({
      features: [{ type: 'DOCUMENT_TEXT_DETECTION' }],
      imageContext: { languageHints: ['de', 'fr', 'it'] },
    });
  });

  it('sends many images 16 to a request and answers them in order; an unreadable image alone reads nothing', async () => {
    const engine = gcvOcr({ endpoint: vision.url, apiKey: KEY });
    const texts = Array.from({ length: 20 }, (_, i) => `Feld ${i}`);
    texts[3] = 'not an image';
    const read = await engine.recognizeMany(texts.map(img), opts);
    expect(vision.calls.map((c) => c.requests.length)).toEqual([16, 4]);
    expect(read.map((r) => r.text)).toEqual(texts.map((t) => (t === 'not an image' ? '' : t)));
    expect(read[3]?.confidence).toBe(0);
  });

  it('signs in with a service account and sends its token as a bearer', async () => {
    const engine = gcvOcr({
      endpoint: vision.url,
      credentials: {
        client_email: ACCOUNT_EMAIL,
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        token_uri: `${vision.url}/token`,
      },
    });
    await engine.recognize(img('Anna'), opts);
    await engine.recognize(img('Zürich'), opts);
    // One token for both: it is kept until shortly before it expires.
    expect(vision.tokens).toHaveLength(1);
    expect(vision.calls.map((c) => c.authorization)).toEqual(['Bearer ya29.token-1', 'Bearer ya29.token-1']);
  });

  it('refuses a service account whose key does not match', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const engine = gcvOcr({
      endpoint: vision.url,
      credentials: {
        client_email: ACCOUNT_EMAIL,
        private_key: other.export({ type: 'pkcs8', format: 'pem' }).toString(),
        token_uri: `${vision.url}/token`,
      },
    });
    const e = await failure(engine.recognize(img('Anna'), opts));
    expect(e.reason).toBe('provider_refused');
    expect(e.message).toContain('invalid_grant');
  });

  it.each([
    [403, 'PERMISSION_DENIED', 'provider_refused'],
    [400, 'INVALID_ARGUMENT', 'provider_refused'],
    [429, 'RESOURCE_EXHAUSTED', 'provider_unreachable'],
    [503, 'UNAVAILABLE', 'provider_unreachable'],
  ] as const)('answers %s %s as %s', async (code, status, reason) => {
    vision.state.next = { status: code, body: { error: { code, message: `${status} from the test`, status } } };
    const e = await failure(gcvOcr({ endpoint: vision.url, apiKey: KEY }).recognize(img('Anna'), opts));
    expect(e).toMatchObject({ reason, status: code });
    expect(e.message).toContain(status);
  });

  it('refuses a wrong key, an answer without responses and a per-image quota error', async () => {
    expect((await failure(gcvOcr({ endpoint: vision.url, apiKey: 'wrong' }).recognize(img('Anna'), opts))).reason).toBe('provider_refused');
    vision.state.next = { status: 200, body: { unexpected: true } };
    expect((await failure(gcvOcr({ endpoint: vision.url, apiKey: KEY }).recognize(img('Anna'), opts))).reason).toBe('provider_unreachable');
    vision.state.next = {
      status: 200,
      body: { responses: [{ error: { code: 8, status: 'RESOURCE_EXHAUSTED', message: 'Quota exceeded' } }] },
    };
    expect((await failure(gcvOcr({ endpoint: vision.url, apiKey: KEY }).recognize(img('Anna'), opts))).reason).toBe('provider_unreachable');
  });

  it('is unreachable when nothing answers', async () => {
    const closed = await startFakeVision();
    await closed.close();
    const e = await failure(gcvOcr({ endpoint: closed.url, apiKey: KEY, timeoutMs: 2000 }).recognize(img('Anna'), opts));
    expect(e.reason).toBe('provider_unreachable');
  });
});

describe('choosing the engine', () => {
  it('is Tesseract by default and Cloud Vision with OCR_PROVIDER=gcv', () => {
    expect(createOcrEngine({ ocr: { provider: 'tesseract' } }).provider).toBe('tesseract');
    expect(createOcrEngine({ ocr: { provider: 'gcv', endpoint: vision.url, apiKey: KEY } }).provider).toBe('gcv');
    expect(() => gcvOcr({ endpoint: vision.url })).toThrow(/API key or a service account/);
  });

  it('reads OCR_PROVIDER, GCV_API_KEY and GCV_ENDPOINT from the environment', () => {
    expect(loadConfig({}).ocr).toEqual({ provider: 'tesseract' });
    expect(() => loadConfig({ OCR_PROVIDER: 'gcv' })).toThrow(/GCV_API_KEY or GOOGLE_SERVICE_ACCOUNT_JSON/);
    expect(() => loadConfig({ OCR_PROVIDER: 'abbyy' })).toThrow(/OCR_PROVIDER/);
    const config = loadConfig({ OCR_PROVIDER: 'gcv', GCV_API_KEY: KEY, GCV_ENDPOINT: vision.url });
    expect(config.ocr).toMatchObject({ provider: 'gcv', apiKey: KEY, endpoint: vision.url });
    expect(createOcrEngine(config).provider).toBe('gcv');
  });

  it('reports a missing Tesseract program as the engine failing', async () => {
    const e = await failure(tesseractOcr({ binary: '/nonexistent/tesseract' }).recognize(img('x'), opts));
    expect(e.reason).toBe('engine_failed');
  });
});
