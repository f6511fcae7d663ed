import { ShortLinkError, type ShortLinkAudience, type ShortLinkProvider } from './shortlink.ts';

export interface BitlyOptions {
  token: string;
  groupGuid: string;
  /** The branded short domain (e.g. `go.example.ch`), or `bit.ly`. */
  domain: string;
  /** The tag of each audience's links (spec 9). */
  tags: Record<ShortLinkAudience, string>;
  /** Without a trailing slash; `https://api-ssl.bitly.com` by default. */
  baseUrl?: string;
  timeoutMs?: number;
}

/**
 * Bitly's API v4, as documented (https://dev.bitly.com/api-reference/#createFullBitlink):
 * `POST /v4/bitlinks` with `Authorization: Bearer {token}` and
 * `{ long_url, domain, group_guid, title, tags }` → 200 (the link existed) or 201 with `{ link, id, … }`;
 * an error answers `{ message, description? }`.
 */
export function bitlyShortLinks(opts: BitlyOptions): ShortLinkProvider {
  const url = `${(opts.baseUrl ?? 'https://api-ssl.bitly.com').replace(/\/+$/, '')}/v4/bitlinks`;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  return {
    provider: 'bitly',
    async shorten(req) {
      let answer: Response;
      try {
        answer = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${opts.token}`, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            long_url: req.longUrl,
            domain: opts.domain,
            group_guid: opts.groupGuid,
            title: req.title,
            tags: [opts.tags[req.audience]],
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (cause) {
        throw new ShortLinkError('The short-link service did not answer', { cause });
      }
      const raw = await answer.text().catch(() => '');
      const body = parseBody(raw);
      if (!answer.ok) {
        const detail = typeof body?.message === 'string' ? `: ${body.message}` : '';
        throw new ShortLinkError(`The short-link service answered ${answer.status}${detail}`, { status: answer.status });
      }
      if (typeof body?.link !== 'string' || !/^https?:\/\//.test(body.link)) {
        throw new ShortLinkError(`The short-link service answered ${answer.status} without a link`, { status: answer.status });
      }
      return body.link;
    },
  };
}

function parseBody(raw: string): { link?: unknown; message?: unknown } | null {
  try {
    const v: unknown = JSON.parse(raw);
    return typeof v === 'object' && v !== null ? v : null;
  } catch {
    return null;
  }
}
