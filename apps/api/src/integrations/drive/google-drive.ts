import { createSign } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { DriveError, type DriveFile, type DriveSource } from './drive.ts';

/** The two fields of a Google service-account key file (JSON) that the JWT bearer grant needs. */
export interface ServiceAccountKey {
  client_email: string;
  private_key: string;
}

export interface GoogleDriveOptions {
  serviceAccount: ServiceAccountKey;
  /** Without a path; requests go to `{apiBase}/drive/v3/files…`. */
  apiBase: string;
  /** The OAuth 2.0 token endpoint, also the JWT's audience. */
  tokenUrl: string;
  timeoutMs?: number;
  /** Tries of one call after a rate limit (429, 403 rateLimitExceeded) or a 5xx, before giving up. */
  maxRetries?: number;
  /** First wait before a retry when the answer names none (`Retry-After`); doubled at each try. */
  retryBaseMs?: number;
  now?: () => number;
}

export const DRIVE_SCOPE = 'https://www.googleapis.com/auth/drive.readonly';
const FOLDER = 'application/vnd.google-apps.folder';
const GOOGLE_NATIVE = 'application/vnd.google-apps.';
/** Google-native documents we can read, and the type they are exported as. */
const EXPORTS: Record<string, { mimeType: string; ext: string }> = {
  'application/vnd.google-apps.spreadsheet': { mimeType: 'text/csv', ext: '.csv' },
};

interface DriveApiFile {
  id?: string;
  name?: string;
  mimeType?: string;
  size?: string;
  modifiedTime?: string;
}

interface DriveApiError {
  error?: { code?: number; message?: string; errors?: { reason?: string }[] };
}

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** An RS256-signed JWT assertion for the OAuth 2.0 JWT bearer grant (RFC 7523), valid one hour. */
export function signAssertion(key: ServiceAccountKey, audience: string, scope: string, nowSeconds: number): string {
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(JSON.stringify({ iss: key.client_email, scope, aud: audience, iat: nowSeconds, exp: nowSeconds + 3600 }));
  const signer = createSign('RSA-SHA256');
  signer.update(`${header}.${claims}`);
  return `${header}.${claims}.${base64url(signer.sign(key.private_key))}`;
}

/**
 * Google Drive API v3 with a service account: the folder must be shared with the account's e-mail address.
 * Access tokens come from the JWT bearer grant (`POST tokenUrl`, `grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer`)
 * and are kept until a minute before they expire, or until the API answers 401.
 * - list: `GET /drive/v3/files?q='<id>' in parents and trashed=false&fields=nextPageToken,files(…)&pageToken=…`
 * - folder name: `GET /drive/v3/files/{id}?fields=name,mimeType`
 * - download: `GET /drive/v3/files/{id}?alt=media`; a Google sheet: `GET /drive/v3/files/{id}/export?mimeType=text/csv`
 */
export function googleDrive(opts: GoogleDriveOptions): DriveSource {
  const apiBase = `${opts.apiBase.replace(/\/+$/, '')}/drive/v3`;
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const maxRetries = opts.maxRetries ?? 4;
  const retryBaseMs = opts.retryBaseMs ?? 500;
  const now = opts.now ?? Date.now;
  let token: { value: string; expiresAt: number } | null = null;
  let pendingToken: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const assertion = signAssertion(opts.serviceAccount, opts.tokenUrl, DRIVE_SCOPE, Math.floor(now() / 1000));
    let answer: Response;
    try {
      answer = await fetch(opts.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (cause) {
      throw new DriveError('unreachable', 'the Google token endpoint did not answer', { cause });
    }
    const body = (await answer.json().catch(() => null)) as {
      access_token?: string;
      expires_in?: number;
      error?: string;
    } | null;
    if (!answer.ok || !body?.access_token) {
      const reason = answer.status >= 500 || answer.status === 429 ? 'unreachable' : 'access_denied';
      throw new DriveError(reason, `the Google token endpoint answered ${answer.status}${body?.error ? ` (${body.error})` : ''}`, {
        status: answer.status,
      });
    }
    token = { value: body.access_token, expiresAt: now() + Math.max(0, (body.expires_in ?? 3600) - 60) * 1000 };
    return body.access_token;
  }

  function accessToken(): Promise<string> {
    if (token && token.expiresAt > now()) {
      return Promise.resolve(token.value);
    }
    // One token request at a time, however many calls wait for it.
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  }

  /** One API call with the token, a fresh token after a 401 (once), and waits after rate limits and 5xx. */
  async function call(url: string, stream = false): Promise<Response> {
    let refreshed = false;
    for (let attempt = 0; ; attempt++) {
      const bearer = await accessToken();
      let answer: Response;
      try {
        answer = await fetch(url, {
          headers: { authorization: `Bearer ${bearer}`, ...(stream ? {} : { accept: 'application/json' }) },
          signal: AbortSignal.timeout(stream ? timeoutMs * 10 : timeoutMs),
        });
      } catch (cause) {
        if (attempt < maxRetries) {
          await wait(retryBaseMs * 2 ** attempt);
          continue;
        }
        throw new DriveError('unreachable', 'Google Drive did not answer', { cause });
      }
      if (answer.ok) {
        return answer;
      }
      const raw = await answer.text().catch(() => '');
      const error = parseError(raw);
      const reason = error?.error?.errors?.[0]?.reason;
      if (answer.status === 401 && !refreshed) {
        refreshed = true;
        token = null;
        attempt--;
        continue;
      }
      const rateLimited =
        answer.status === 429 || (answer.status === 403 && (reason === 'rateLimitExceeded' || reason === 'userRateLimitExceeded'));
      if ((rateLimited || answer.status >= 500) && attempt < maxRetries) {
        await wait(retryAfterMs(answer.headers.get('retry-after')) ?? retryBaseMs * 2 ** attempt);
        continue;
      }
      throw new DriveApiFailure(answer.status, reason, error?.error?.message ?? raw.slice(0, 200));
    }
  }

  async function callJson<T>(url: string): Promise<T> {
    const answer = await call(url);
    try {
      return (await answer.json()) as T;
    } catch (cause) {
      throw new DriveError('unreachable', 'Google Drive answered no JSON', { cause });
    }
  }

  return {
    provider: 'google',
    async listFiles(folderId) {
      if (!/^[A-Za-z0-9_-]+$/.test(folderId)) {
        throw new DriveError('folder_invalid', 'not a Drive folder id');
      }
      try {
        const folder = await callJson<DriveApiFile>(
          `${apiBase}/files/${folderId}?${new URLSearchParams({ fields: 'id,name,mimeType', supportsAllDrives: 'true' }).toString()}`,
        );
        if (folder.mimeType !== FOLDER) {
          throw new DriveError('not_a_folder', 'the Drive id names a file, not a folder');
        }
        const files: DriveFile[] = [];
        let pageToken: string | undefined;
        do {
          const params = new URLSearchParams({
            q: `'${folderId}' in parents and trashed=false`,
            fields: 'nextPageToken,files(id,name,mimeType,size,modifiedTime)',
            pageSize: '100',
            orderBy: 'name',
            supportsAllDrives: 'true',
            includeItemsFromAllDrives: 'true',
          });
          if (pageToken) {
            params.set('pageToken', pageToken);
          }
          const page = await callJson<{ files?: DriveApiFile[]; nextPageToken?: string }>(`${apiBase}/files?${params.toString()}`);
          for (const f of page.files ?? []) {
            if (!f.id || !f.name || !f.mimeType || f.mimeType === FOLDER) {
              continue;
            }
            const size = f.size === undefined ? null : Number(f.size);
            files.push({
              id: f.id,
              name: f.name,
              mimeType: f.mimeType,
              size: size === null || Number.isNaN(size) ? null : size,
              modifiedTime: f.modifiedTime ?? null,
            });
          }
          pageToken = page.nextPageToken || undefined;
        } while (pageToken);
        return files;
      } catch (e) {
        throw asDriveError(e, 'folder_not_found');
      }
    },
    async folderName(folderId) {
      if (!/^[A-Za-z0-9_-]+$/.test(folderId)) {
        throw new DriveError('folder_invalid', 'not a Drive folder id');
      }
      try {
        const folder = await callJson<DriveApiFile>(
          `${apiBase}/files/${folderId}?${new URLSearchParams({ fields: 'name,mimeType', supportsAllDrives: 'true' }).toString()}`,
        );
        if (folder.mimeType !== undefined && folder.mimeType !== FOLDER) {
          throw new DriveError('not_a_folder', 'the Drive id names a file, not a folder');
        }
        return folder.name?.trim() || null;
      } catch (e) {
        throw asDriveError(e, 'folder_not_found');
      }
    },
    async download(file) {
      if (!/^[A-Za-z0-9_-]+$/.test(file.id)) {
        throw new DriveError('file_not_found', 'not a Drive file id');
      }
      const exported = EXPORTS[file.mimeType];
      if (!exported && file.mimeType.startsWith(GOOGLE_NATIVE)) {
        throw new DriveError('unsupported', `a Google document of type ${file.mimeType} cannot be read`);
      }
      try {
        const answer = exported
          ? await call(`${apiBase}/files/${file.id}/export?${new URLSearchParams({ mimeType: exported.mimeType }).toString()}`, true)
          : await call(`${apiBase}/files/${file.id}?${new URLSearchParams({ alt: 'media', supportsAllDrives: 'true' }).toString()}`, true);
        if (!answer.body) {
          throw new DriveError('unreachable', 'Google Drive answered without a body');
        }
        return {
          name: exported && !file.name.toLowerCase().endsWith(exported.ext) ? `${file.name}${exported.ext}` : file.name,
          mimeType: exported?.mimeType ?? file.mimeType,
          body: Readable.fromWeb(answer.body as WebReadableStream<Uint8Array>),
        };
      } catch (e) {
        throw asDriveError(e, 'file_not_found');
      }
    },
  };
}

class DriveApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly reason: string | undefined,
    detail: string,
  ) {
    super(`Google Drive answered ${status}${reason ? ` (${reason})` : ''}: ${detail}`);
  }
}

function asDriveError(e: unknown, notFound: 'folder_not_found' | 'file_not_found'): DriveError {
  if (e instanceof DriveError) {
    return e;
  }
  if (e instanceof DriveApiFailure) {
    const reason =
      e.status === 404 ? notFound : e.status === 401 || e.status === 403 ? 'access_denied' : e.status === 400 ? notFound : 'unreachable';
    return new DriveError(reason, e.message, { status: e.status });
  }
  return new DriveError('unreachable', 'Google Drive could not be read', { cause: e });
}

function parseError(raw: string): DriveApiError | null {
  try {
    const body = JSON.parse(raw) as DriveApiError | null;
    return body && typeof body === 'object' ? body : null;
  } catch {
    return null;
  }
}

/** `Retry-After` in seconds or as an HTTP date, at most a minute. */
function retryAfterMs(header: string | null): number | null {
  if (header === null || header.trim() === '') {
    return null;
  }
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), 60_000) : null;
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
