import { createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeDriveFile {
  id: string;
  name: string;
  mimeType: string;
  content: Buffer;
  trashed?: boolean;
  modifiedTime?: string;
}

export interface FakeGoogleDrive {
  /** DRIVE_API_BASE */
  apiBase: string;
  /** DRIVE_TOKEN_URL */
  tokenUrl: string;
  /** The service account's key (what GOOGLE_SERVICE_ACCOUNT_JSON holds). */
  serviceAccount: { type: 'service_account'; client_email: string; private_key: string };
  addFolder(id: string, name?: string): void;
  addFile(folderId: string, file: FakeDriveFile): void;
  /** Every access token issued so far stops working (as after a revocation or expiry): the next call gets 401. */
  revokeTokens(): void;
  /** The next `times` API calls (not token requests) whose path matches get this answer instead. */
  failNext(answer: { status: number; headers?: Record<string, string>; reason?: string; times?: number; path?: RegExp }): void;
  clearFailures(): void;
  /** Files per page of a listing, whatever `pageSize` asks (to make pages with few files). */
  pageSize: number;
  tokensIssued: number;
  requests: { method: string; path: string; query: URLSearchParams }[];
  close(): Promise<void>;
}

const FOLDER = 'application/vnd.google-apps.folder';
const SCOPE = 'https://www.googleapis.com/auth/drive.readonly';

/**
 * A local server speaking the documented parts of Google's OAuth 2.0 token endpoint (JWT bearer grant, RS256
 * assertion checked against the service account's public key) and of Drive API v3: `files.get` (metadata and
 * `alt=media`), `files.list` with `q='<id>' in parents and trashed=false` and `nextPageToken`, `files.export`.
 * Errors in Google's JSON shape (`{ error: { code, message, errors: [{ reason }] } }`).
 */
export async function startFakeGoogleDrive(): Promise<FakeGoogleDrive> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientEmail = 'importer@back-office-test.iam.gserviceaccount.com';
  const items = new Map<string, FakeDriveFile & { parent: string | null }>();
  const tokens = new Set<string>();
  const failures: {
    status: number;
    headers: Record<string, string>;
    reason: string | undefined;
    times: number;
    path: RegExp | undefined;
  }[] = [];
  let tokenUrl = '';

  const fake: FakeGoogleDrive = {
    apiBase: '',
    tokenUrl: '',
    serviceAccount: {
      type: 'service_account',
      client_email: clientEmail,
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    },
    addFolder(id, name = id) {
      items.set(id, { id, name, mimeType: FOLDER, content: Buffer.alloc(0), parent: null });
    },
    addFile(folderId, file) {
      items.set(file.id, { ...file, parent: folderId });
    },
    revokeTokens() {
      tokens.clear();
    },
    failNext(answer) {
      failures.push({
        status: answer.status,
        headers: answer.headers ?? {},
        reason: answer.reason,
        times: answer.times ?? 1,
        path: answer.path,
      });
    },
    clearFailures() {
      failures.length = 0;
    },
    pageSize: 100,
    tokensIssued: 0,
    requests: [],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://google.local');
      fake.requests.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams });
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
        res.end(JSON.stringify(body));
      };
      const error = (status: number, reason: string, message: string, headers: Record<string, string> = {}) =>
        json(status, { error: { code: status, message, errors: [{ domain: 'global', reason, message }] } }, headers);

      if (url.pathname === '/token' && req.method === 'POST') {
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
          json(400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' });
          return;
        }
        const problem = checkAssertion(form.get('assertion') ?? '', publicKey, clientEmail, tokenUrl);
        if (problem) {
          json(400, { error: 'invalid_grant', error_description: problem });
          return;
        }
        const token = `ya29.${randomBytes(12).toString('hex')}`;
        tokens.add(token);
        fake.tokensIssued += 1;
        json(200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
        return;
      }

      const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!tokens.has(bearer)) {
        error(401, 'authError', 'Request had invalid authentication credentials.', {
          'www-authenticate': 'Bearer realm="https://accounts.google.com/"',
        });
        return;
      }
      const failure = failures.find((f) => !f.path || f.path.test(url.pathname));
      if (failure) {
        failure.times -= 1;
        if (failure.times <= 0) {
          failures.splice(failures.indexOf(failure), 1);
        }
        error(
          failure.status,
          failure.reason ?? (failure.status === 429 ? 'rateLimitExceeded' : 'backendError'),
          'Failure.',
          failure.headers,
        );
        return;
      }
      if (req.method !== 'GET') {
        error(405, 'methodNotAllowed', 'Method not allowed.');
        return;
      }
      if (url.pathname === '/drive/v3/files') {
        const q = url.searchParams.get('q') ?? '';
        const match = /^'([A-Za-z0-9_-]+)' in parents and trashed\s*=\s*false$/.exec(q);
        if (!match?.[1]) {
          error(400, 'invalid', 'Invalid Value');
          return;
        }
        const parent = items.get(match[1]);
        if (!parent) {
          error(404, 'notFound', `File not found: ${match[1]}.`);
          return;
        }
        const children = [...items.values()]
          .filter((f) => f.parent === match[1] && !f.trashed)
          .sort((a, b) => a.name.localeCompare(b.name));
        const size = Math.min(Number(url.searchParams.get('pageSize') ?? 100), fake.pageSize);
        const offset = Number(Buffer.from(url.searchParams.get('pageToken') ?? 'MA', 'base64url').toString('utf8')) || 0;
        const page = children.slice(offset, offset + size);
        const next = offset + size < children.length ? Buffer.from(String(offset + size)).toString('base64url') : undefined;
        json(200, { ...(next ? { nextPageToken: next } : {}), files: page.map(describe) });
        return;
      }
      const fileMatch = /^\/drive\/v3\/files\/([A-Za-z0-9_-]+)(\/export)?$/.exec(url.pathname);
      const item = fileMatch?.[1] ? items.get(fileMatch[1]) : undefined;
      if (!fileMatch || !item) {
        error(404, 'notFound', `File not found: ${fileMatch?.[1] ?? ''}.`);
        return;
      }
      if (fileMatch[2]) {
        if (item.mimeType !== 'application/vnd.google-apps.spreadsheet' || url.searchParams.get('mimeType') !== 'text/csv') {
          error(403, 'fileNotExportable', 'Export only supports Docs Editors files.');
          return;
        }
        res.writeHead(200, { 'content-type': 'text/csv' });
        res.end(item.content);
        return;
      }
      if (url.searchParams.get('alt') === 'media') {
        if (item.mimeType.startsWith('application/vnd.google-apps.')) {
          error(403, 'fileNotDownloadable', 'Only files with binary content can be downloaded. Use Export with Docs Editors files.');
          return;
        }
        res.writeHead(200, { 'content-type': item.mimeType, 'content-length': String(item.content.length) });
        res.end(item.content);
        return;
      }
      json(200, describe(item));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  tokenUrl = `${base}/token`;
  fake.apiBase = base;
  fake.tokenUrl = tokenUrl;
  return fake;
}

function describe(f: FakeDriveFile) {
  return {
    kind: 'drive#file',
    id: f.id,
    name: f.name,
    mimeType: f.mimeType,
    ...(f.mimeType.startsWith('application/vnd.google-apps.') ? {} : { size: String(f.content.length) }),
    modifiedTime: f.modifiedTime ?? '2026-03-02T09:15:00.000Z',
  };
}

/** Why the JWT assertion is refused, or null: RS256 signature by the account's key, issuer, audience, scope, times. */
function checkAssertion(jwt: string, publicKey: KeyObject, clientEmail: string, audience: string): string | null {
  const [header, claims, signature] = jwt.split('.');
  if (!header || !claims || !signature) {
    return 'Invalid JWT';
  }
  const h = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string };
  if (h.alg !== 'RS256') {
    return 'Invalid JWT algorithm';
  }
  const verifier = createVerify('RSA-SHA256');
  verifier.update(`${header}.${claims}`);
  if (!verifier.verify(publicKey, Buffer.from(signature, 'base64url'))) {
    return 'Invalid JWT Signature.';
  }
  const c = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  if (c.iss !== clientEmail) {
    return 'Invalid issuer';
  }
  if (c.aud !== audience) {
    return 'Invalid JWT audience';
  }
  if (typeof c.scope !== 'string' || !c.scope.split(' ').includes(SCOPE)) {
    return 'Invalid scope';
  }
  if (typeof c.iat !== 'number' || typeof c.exp !== 'number' || c.iat > now + 60 || c.exp <= now || c.exp - c.iat > 3600) {
    return 'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.';
  }
  return null;
}
