import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGoogleDrive, type FakeGoogleDrive } from '../../../test/fake-google-drive.ts';
import { loadConfig } from '../../config.ts';
import { DriveError, parseFolderRef } from './drive.ts';
import { googleDrive } from './google-drive.ts';
import { createDrive } from './index.ts';
import { localDrive } from './local-drive.ts';

const FOLDER_ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz012345';

describe('a Drive folder given by the user', () => {
  it.each([
    [FOLDER_ID, FOLDER_ID],
    [`https://drive.google.com/drive/folders/${FOLDER_ID}?usp=sharing`, FOLDER_ID],
    [`https://drive.google.com/drive/u/0/folders/${FOLDER_ID}`, FOLDER_ID],
    [`  https://drive.google.com/open?id=${FOLDER_ID}  `, FOLDER_ID],
    ['messe-zuerich', 'messe-zuerich'],
    ['https://drive.google.com/drive/my-drive', null],
    ['../etc', null],
    ["x' or '1'='1", null],
    ['', null],
  ])('%s → %s', (input, id) => {
    expect(parseFolderRef(input)).toBe(id);
  });
});

describe('local drive (a watched folder on disk)', () => {
  let root: string;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-drive-'));
    await fs.mkdir(path.join(root, 'messe', 'archiv'), { recursive: true });
    await fs.writeFile(path.join(root, 'messe', 'leads.csv'), 'Name;Vorname\nMeier;Anna\n');
    await fs.writeFile(path.join(root, 'messe', 'scan.pdf'), '%PDF-1.4 …');
    await fs.writeFile(path.join(root, 'messe', '.DS_Store'), 'x');
    await fs.writeFile(path.join(root, 'file.txt'), 'x');
  });
  afterAll(() => fs.rm(root, { recursive: true, force: true }));

  it('lists the files of a sub-folder (not hidden files, not sub-folders) and downloads one', async () => {
    const drive = localDrive(root);
    const files = await drive.listFiles('messe');
    expect(files.map((f) => [f.name, f.mimeType, f.size])).toEqual([
      ['leads.csv', 'text/csv', 24],
      ['scan.pdf', 'application/pdf', 12],
    ]);
    expect(files[0]?.modifiedTime).toMatch(/^\d{4}-\d\d-\d\dT/);
    const got = await drive.download(files[0]!);
    expect(got).toMatchObject({ name: 'leads.csv', mimeType: 'text/csv' });
    expect(await text(got.body)).toBe('Name;Vorname\nMeier;Anna\n');
  });

  it('refuses unknown folders, files as folders, and paths leaving the root', async () => {
    const drive = localDrive(root);
    await expect(drive.listFiles('nirgends')).rejects.toMatchObject({ reason: 'folder_not_found' });
    await expect(drive.listFiles('file.txt')).rejects.toMatchObject({ reason: 'not_a_folder' });
    await expect(drive.listFiles('..')).rejects.toMatchObject({ reason: 'folder_invalid' });
    await expect(drive.listFiles('a/b')).rejects.toMatchObject({ reason: 'folder_invalid' });
    await expect(drive.download({ id: 'messe/../../etc/passwd', name: 'x', mimeType: 'text/plain' })).rejects.toBeInstanceOf(DriveError);
    await expect(drive.download({ id: 'messe/gone.csv', name: 'gone.csv', mimeType: 'text/csv' })).rejects.toMatchObject({
      reason: 'file_not_found',
    });
  });

  it('names a folder by its name (its id), and refuses what is no folder', async () => {
    const drive = localDrive(root);
    expect(await drive.folderName('messe')).toBe('messe');
    await expect(drive.folderName('nirgends')).rejects.toMatchObject({ reason: 'folder_not_found' });
    await expect(drive.folderName('file.txt')).rejects.toMatchObject({ reason: 'not_a_folder' });
    await expect(drive.folderName('..')).rejects.toMatchObject({ reason: 'folder_invalid' });
  });

  it('is the default, under DATA_DIR/drive', () => {
    const config = loadConfig({ DATA_DIR: root });
    expect(config.drive).toEqual({ provider: 'local', root: path.join(root, 'drive') });
    expect(createDrive(config).provider).toBe('local');
    expect(loadConfig({ DRIVE_LOCAL_ROOT: root }).drive).toEqual({ provider: 'local', root });
  });
});

describe('Google Drive API v3 with a service account', () => {
  let g: FakeGoogleDrive;
  beforeAll(async () => {
    g = await startFakeGoogleDrive();
    g.addFolder(FOLDER_ID, 'Messe Zürich');
    g.addFile(FOLDER_ID, { id: 'f1', name: 'a-leads.csv', mimeType: 'text/csv', content: Buffer.from('Name\nMeier\n') });
    g.addFile(FOLDER_ID, { id: 'f2', name: 'b-scan.pdf', mimeType: 'application/pdf', content: Buffer.from('%PDF-1.4 scan') });
    g.addFile(FOLDER_ID, {
      id: 'f3',
      name: 'c-sheet',
      mimeType: 'application/vnd.google-apps.spreadsheet',
      content: Buffer.from('Name\nMüller\n'),
    });
    g.addFile(FOLDER_ID, { id: 'f4', name: 'd-old.csv', mimeType: 'text/csv', content: Buffer.from('x'), trashed: true });
    g.addFile(FOLDER_ID, { id: 'f5', name: 'e-notes', mimeType: 'application/vnd.google-apps.document', content: Buffer.from('') });
    g.addFile(FOLDER_ID, { id: 'sub', name: 'f-archive', mimeType: 'application/vnd.google-apps.folder', content: Buffer.from('') });
    g.addFile(FOLDER_ID, { id: 'f6', name: 'g-photo.jpg', mimeType: 'image/jpeg', content: Buffer.from([0xff, 0xd8, 0xff]) });
  });
  afterAll(() => g?.close());
  beforeEach(() => {
    g.pageSize = 100;
    g.requests.length = 0;
    g.clearFailures();
  });

  const drive = () => googleDrive({ serviceAccount: g.serviceAccount, apiBase: g.apiBase, tokenUrl: g.tokenUrl, retryBaseMs: 1 });

  it('signs in with a signed JWT, lists every page of the folder and keeps the token', async () => {
    g.pageSize = 2;
    const d = drive();
    const before = g.tokensIssued;
    const files = await d.listFiles(FOLDER_ID);
    expect(files.map((f) => [f.id, f.name, f.mimeType, f.size])).toEqual([
      ['f1', 'a-leads.csv', 'text/csv', 11],
      ['f2', 'b-scan.pdf', 'application/pdf', 13],
      ['f3', 'c-sheet', 'application/vnd.google-apps.spreadsheet', null],
      ['f5', 'e-notes', 'application/vnd.google-apps.document', null],
      ['f6', 'g-photo.jpg', 'image/jpeg', 3],
    ]);
    expect(files[0]?.modifiedTime).toBe('2026-03-02T09:15:00.000Z');
    const lists = g.requests.filter((r) => r.path === '/drive/v3/files');
    expect(lists.length).toBe(3);
    expect(lists[0]?.query.get('q')).toBe(`'${FOLDER_ID}' in parents and trashed=false`);
    expect(lists[0]?.query.get('fields')).toContain('nextPageToken');
    expect(lists[1]?.query.get('pageToken')).toBeTruthy();
    await d.listFiles(FOLDER_ID);
    expect(g.tokensIssued - before).toBe(1);
  });

  it('downloads files, exports a Google sheet as CSV, refuses other Google documents', async () => {
    const d = drive();
    const pdf = await d.download({ id: 'f2', name: 'b-scan.pdf', mimeType: 'application/pdf' });
    expect(pdf).toMatchObject({ name: 'b-scan.pdf', mimeType: 'application/pdf' });
    expect((await buffer(pdf.body)).toString()).toBe('%PDF-1.4 scan');
    expect(g.requests.at(-1)?.query.get('alt')).toBe('media');

    const sheet = await d.download({ id: 'f3', name: 'c-sheet', mimeType: 'application/vnd.google-apps.spreadsheet' });
    expect(sheet).toMatchObject({ name: 'c-sheet.csv', mimeType: 'text/csv' });
    expect(await text(sheet.body)).toBe('Name\nMüller\n');
    expect(g.requests.at(-1)?.path).toBe('/drive/v3/files/f3/export');

    await expect(d.download({ id: 'f5', name: 'e-notes', mimeType: 'application/vnd.google-apps.document' })).rejects.toMatchObject({
      reason: 'unsupported',
    });
    await expect(d.download({ id: 'nope', name: 'x.pdf', mimeType: 'application/pdf' })).rejects.toMatchObject({
      reason: 'file_not_found',
    });
  });

  it("tells a folder's name (files.get with fields=name), refuses a file, an unknown folder and an invalid id", async () => {
    const d = drive();
    expect(await d.folderName(FOLDER_ID)).toBe('Messe Zürich');
    const asked = g.requests.at(-1);
    expect(asked?.path).toBe(`/drive/v3/files/${FOLDER_ID}`);
    expect(asked?.query.get('fields')?.split(',')).toContain('name');
    expect(asked?.query.get('alt')).toBeNull();
    await expect(d.folderName('f1')).rejects.toMatchObject({ reason: 'not_a_folder' });
    await expect(d.folderName('0UnknownFolder')).rejects.toMatchObject({ reason: 'folder_not_found' });
    await expect(d.folderName("x' or '1'='1")).rejects.toMatchObject({ reason: 'folder_invalid' });
    g.failNext({ status: 503, times: 10 });
    await expect(d.folderName(FOLDER_ID)).rejects.toMatchObject({ reason: 'unreachable' });
  });

  it('takes a new token when the API answers 401, once', async () => {
    const d = drive();
    await d.listFiles(FOLDER_ID);
    const before = g.tokensIssued;
    g.revokeTokens();
    expect(await d.listFiles(FOLDER_ID)).toHaveLength(5);
    expect(g.tokensIssued - before).toBe(1);

    g.failNext({ status: 401, reason: 'authError', times: 2 });
    await expect(d.listFiles(FOLDER_ID)).rejects.toMatchObject({ reason: 'access_denied' });
  });

  it('waits and tries again after a rate limit (429, 403 rateLimitExceeded) and a 503', async () => {
    const d = drive();
    g.failNext({ status: 429, headers: { 'retry-after': '0' }, times: 2 });
    g.failNext({ status: 403, reason: 'userRateLimitExceeded' });
    g.failNext({ status: 503 });
    expect(await d.listFiles(FOLDER_ID)).toHaveLength(5);
    g.failNext({ status: 429, headers: { 'retry-after': '0' }, times: 10 });
    await expect(d.listFiles(FOLDER_ID)).rejects.toMatchObject({ reason: 'unreachable' });
  });

  it('names an unknown folder, a file given as folder and an invalid id', async () => {
    const d = drive();
    await expect(d.listFiles('0UnknownFolder')).rejects.toMatchObject({ reason: 'folder_not_found' });
    await expect(d.listFiles('f1')).rejects.toMatchObject({ reason: 'not_a_folder' });
    await expect(d.listFiles("x' in parents or '")).rejects.toMatchObject({ reason: 'folder_invalid' });
  });

  it('refuses a key the token endpoint does not know', async () => {
    const other = await startFakeGoogleDrive();
    try {
      const d = googleDrive({ serviceAccount: other.serviceAccount, apiBase: g.apiBase, tokenUrl: g.tokenUrl });
      await expect(d.listFiles(FOLDER_ID)).rejects.toMatchObject({ reason: 'access_denied', status: 400 });
    } finally {
      await other.close();
    }
  });

  it('is chosen by DRIVE_PROVIDER=google with the key as JSON or as a file', async () => {
    const json = JSON.stringify(g.serviceAccount);
    const config = loadConfig({
      DRIVE_PROVIDER: 'google',
      GOOGLE_SERVICE_ACCOUNT_JSON: json,
      DRIVE_API_BASE: g.apiBase,
      DRIVE_TOKEN_URL: g.tokenUrl,
    });
    expect(config.drive).toMatchObject({ provider: 'google', apiBase: g.apiBase, tokenUrl: g.tokenUrl });
    expect(await createDrive(config).listFiles(FOLDER_ID)).toHaveLength(5);

    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-sa-'));
    try {
      const file = path.join(dir, 'key.json');
      await fs.writeFile(file, json);
      expect(loadConfig({ DRIVE_PROVIDER: 'google', GOOGLE_SERVICE_ACCOUNT_JSON: file }).drive).toMatchObject({
        provider: 'google',
        tokenUrl: 'https://oauth2.googleapis.com/token',
      });
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
    expect(() => loadConfig({ DRIVE_PROVIDER: 'google' })).toThrow(/GOOGLE_SERVICE_ACCOUNT_JSON/);
    expect(() => loadConfig({ DRIVE_PROVIDER: 'google', GOOGLE_SERVICE_ACCOUNT_JSON: '{"client_email":"x"}' })).toThrow(
      /service-account key/,
    );
  });
});
