import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio's request signature (`X-Twilio-Signature`), as its helper libraries compute it: the full URL
 * Twilio requested (query string included), then each POST parameter's name and value, sorted by name
 * (a repeated name's values sorted too), HMAC-SHA1 with the account's auth token, base64.
 */
export function twilioSignature(authToken: string, url: string, params: readonly (readonly [string, string])[]): string {
  const sorted = [...params].sort(([ka, va], [kb, vb]) => compare(ka, kb) || compare(va, vb));
  const data = url + sorted.map(([k, v]) => k + v).join('');
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Whether `signature` is Twilio's for this request. Like the official `validateRequest`, the URL is
 * also tried with its default port written out and left out (Twilio signs what it called, and
 * proxies differ in what they keep). Compared in constant time.
 */
export function validTwilioSignature(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: readonly (readonly [string, string])[],
): boolean {
  if (!signature || !authToken) {
    return false;
  }
  const given = Buffer.from(signature, 'utf8');
  return urlVariants(url).some((candidate) => {
    const expected = Buffer.from(twilioSignature(authToken, candidate, params), 'utf8');
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

function urlVariants(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [url];
  }
  const defaultPort = parsed.protocol === 'https:' ? '443' : parsed.protocol === 'http:' ? '80' : '';
  if (!defaultPort || (parsed.port !== '' && parsed.port !== defaultPort)) {
    return [url];
  }
  const rest = `${parsed.pathname}${parsed.search}`;
  const userinfo = parsed.username ? `${parsed.username}${parsed.password ? `:${parsed.password}` : ''}@` : '';
  return [
    url,
    `${parsed.protocol}//${userinfo}${parsed.hostname}${rest}`,
    `${parsed.protocol}//${userinfo}${parsed.hostname}:${defaultPort}${rest}`,
  ];
}
