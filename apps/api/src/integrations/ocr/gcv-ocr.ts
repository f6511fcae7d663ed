import { createSign } from 'node:crypto';
import { OcrError, type OcrEngine, type OcrText, type RecognizeOptions } from './ocr.ts';

/** The fields of a Google service-account key file that signing in needs. */
export interface ServiceAccount {
  client_email: string;
  private_key: string;
  token_uri?: string;
}

export interface GcvOptions {
  /** Without a path; requests go to `{endpoint}/v1/images:annotate`. */
  endpoint: string;
  /** An API key (sent as `?key=`), or… */
  apiKey?: string;
  /** …a service account: a signed JWT is exchanged at its `token_uri` for an access token (`Authorization: Bearer`). */
  credentials?: ServiceAccount;
  timeoutMs?: number;
}

interface Symbol {
  text?: string;
  confidence?: number;
}
interface Word {
  confidence?: number;
  symbols?: Symbol[];
}
interface AnnotateResponse {
  fullTextAnnotation?: {
    text?: string;
    pages?: { confidence?: number; blocks?: { paragraphs?: { words?: Word[] }[] }[] }[];
  };
  error?: { code?: number; message?: string; status?: string };
}

/** Google Cloud Vision answers at most 16 images in one request. */
const BATCH = 16;
const SCOPE = 'https://www.googleapis.com/auth/cloud-vision';
/** Tesseract's language codes → the BCP-47 hints Vision takes. */
const HINTS: Record<string, string> = { deu: 'de', fra: 'fr', ita: 'it', eng: 'en' };

/**
 * Google Cloud Vision's `POST /v1/images:annotate` with `DOCUMENT_TEXT_DETECTION` (dense text and handwriting):
 * the images base64 in `requests[].image.content`, the languages as `imageContext.languageHints`. It answers
 * `responses[]` in order, each with `fullTextAnnotation` (text, and a confidence per page, block, word and
 * symbol) or its own `error` (a google.rpc.Status); a refused request as a whole is an HTTP error with
 * `{ error: { code, message, status } }`. The confidence of a reading is that of its least sure word.
 */
export function gcvOcr(opts: GcvOptions): OcrEngine {
  if (!opts.apiKey && !opts.credentials) {
    throw new Error('gcvOcr: an API key or a service account is needed');
  }
  const base = `${opts.endpoint.replace(/\/+$/, '')}/v1/images:annotate`;
  const url = opts.apiKey ? `${base}?key=${encodeURIComponent(opts.apiKey)}` : base;
  const timeoutMs = opts.timeoutMs ?? 30_000;
  let token: { value: string; until: number } | null = null;

  async function authorization(): Promise<Record<string, string>> {
    if (!opts.credentials) {
      return {};
    }
    if (!token || token.until < Date.now() + 60_000) {
      token = await accessToken(opts.credentials, timeoutMs);
    }
    return { authorization: `Bearer ${token.value}` };
  }

  async function annotate(images: Buffer[], o: RecognizeOptions): Promise<OcrText[]> {
    const languageHints = [...new Set(o.lang.split('+').flatMap((l) => (HINTS[l] ? [HINTS[l]] : [])))];
    const body = JSON.stringify({
      requests: images.map((img) => ({
        image: { content: img.toString('base64') },
        features: [{ type: 'DOCUMENT_TEXT_DETECTION' }],
        ...(languageHints.length ? { imageContext: { languageHints } } : {}),
      })),
    });
    let answer: Response;
    try {
      answer = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', accept: 'application/json', ...(await authorization()) },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (cause) {
      if (cause instanceof OcrError) {
        throw cause;
      }
      throw new OcrError('provider_unreachable', 'Cloud Vision did not answer', { cause });
    }
    const raw = await answer.text().catch(() => '');
    const json = parse(raw) as { responses?: AnnotateResponse[]; error?: AnnotateResponse['error'] } | null;
    if (!answer.ok) {
      if (answer.status === 401) {
        token = null;
      }
      const e = json?.error;
      const detail = e ? `${e.status ?? e.code ?? ''}${e.message ? `: ${e.message}` : ''}` : raw.slice(0, 200);
      // 400 (the request), 401 and 403 (key, account, API not enabled) get the same answer again; 429 and 5xx may not.
      throw new OcrError(
        [400, 401, 403, 404].includes(answer.status) ? 'provider_refused' : 'provider_unreachable',
        `Cloud Vision answered ${answer.status}${detail ? ` ${detail}` : ''}`,
        { status: answer.status },
      );
    }
    const responses = json?.responses;
    if (!Array.isArray(responses) || responses.length !== images.length) {
      throw new OcrError('provider_unreachable', `Cloud Vision answered ${answer.status} without a response per image`, {
        status: answer.status,
      });
    }
    return responses.map((r) => {
      if (r.error) {
        // INVALID_ARGUMENT (3: an image it cannot read) concerns this image alone: nothing read, the field goes to
        // review. Anything else (quota, unavailable, internal) is the provider's trouble.
        if (r.error.code === 3) {
          return { text: '', confidence: 0 };
        }
        throw new OcrError(
          'provider_unreachable',
          `Cloud Vision could not read an image: ${r.error.status ?? r.error.code ?? ''} ${r.error.message ?? ''}`.trim(),
        );
      }
      return reading(r);
    });
  }

  async function recognizeMany(images: Buffer[], o: RecognizeOptions): Promise<OcrText[]> {
    const out: OcrText[] = [];
    for (let i = 0; i < images.length; i += BATCH) {
      out.push(...(await annotate(images.slice(i, i + BATCH), o)));
    }
    return out;
  }

  return {
    provider: 'gcv',
    async recognize(image, o) {
      const [one] = await recognizeMany([image], o);
      return one ?? { text: '', confidence: 0 };
    },
    recognizeMany,
  };
}

function parse(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

function reading(r: AnnotateResponse): OcrText {
  const text = (r.fullTextAnnotation?.text ?? '').trim();
  if (!text) {
    return { text: '', confidence: 0 };
  }
  const words = (r.fullTextAnnotation?.pages ?? []).flatMap((p) =>
    (p.blocks ?? []).flatMap((b) => (b.paragraphs ?? []).flatMap((para) => para.words ?? [])),
  );
  const confidences = words.map((w) => w.confidence).filter((c): c is number => typeof c === 'number');
  const pages = (r.fullTextAnnotation?.pages ?? []).map((p) => p.confidence).filter((c): c is number => typeof c === 'number');
  const all = confidences.length ? confidences : pages;
  return { text, confidence: all.length ? Math.max(0, Math.min(1, ...all)) : 0 };
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** OAuth 2.0 for service accounts: a JWT signed RS256 with the account's key, exchanged for an access token. */
async function accessToken(account: ServiceAccount, timeoutMs: number): Promise<{ value: string; until: number }> {
  const tokenUri = account.token_uri ?? 'https://oauth2.googleapis.com/token';
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${b64url(
    JSON.stringify({ iss: account.client_email, scope: SCOPE, aud: tokenUri, iat: now, exp: now + 3600 }),
  )}`;
  let signature: string;
  try {
    signature = createSign('RSA-SHA256').update(unsigned).sign(account.private_key, 'base64url');
  } catch (cause) {
    throw new OcrError('provider_refused', 'the service account key cannot sign', { cause });
  }
  let answer: Response;
  try {
    answer = await fetch(tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: `${unsigned}.${signature}`,
      }).toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (cause) {
    throw new OcrError('provider_unreachable', 'the token service did not answer', { cause });
  }
  const json = parse(await answer.text().catch(() => '')) as { access_token?: string; expires_in?: number; error?: string } | null;
  if (!answer.ok || !json?.access_token) {
    throw new OcrError(
      answer.status >= 500 || answer.status === 429 ? 'provider_unreachable' : 'provider_refused',
      `the token service answered ${answer.status}${json?.error ? ` ${json.error}` : ''}`,
      { status: answer.status },
    );
  }
  return { value: json.access_token, until: Date.now() + (json.expires_in ?? 3600) * 1000 };
}
