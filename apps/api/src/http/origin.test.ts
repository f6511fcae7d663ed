import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import { changesState, checkOrigin } from './origin.ts';

const PUBLIC_URL = 'https://bo.example.ch/app';

function verdict(method: string, headers: IncomingHttpHeaders, opts: { cookie?: boolean; bookmark?: boolean; handshake?: boolean } = {}) {
  return checkOrigin(
    { method, headers: { host: 'bo.example.ch', ...headers }, sessionCookie: opts.cookie ?? true },
    { publicUrl: PUBLIC_URL, bookmark: opts.bookmark, handshake: opts.handshake },
  ).ok;
}

describe('changesState', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'post', 'PROPFIND'])('holds for every %s', (method) => {
    expect(changesState(method, undefined)).toBe(true);
  });

  it.each(['GET', 'HEAD', 'OPTIONS'])('holds for %s only when the route declares it', (method) => {
    expect(changesState(method, undefined)).toBe(false);
    expect(changesState(method, true)).toBe(true);
    expect(changesState(method, 'bookmark')).toBe(true);
  });
});

describe('checkOrigin', () => {
  it('takes the origin of PUBLIC_URL, whatever its path, and ignores the path of Origin', () => {
    expect(verdict('POST', { origin: 'https://bo.example.ch', host: 'internal:3000' })).toBe(true);
    expect(verdict('POST', { origin: 'http://bo.example.ch:8443', host: 'internal:3000' })).toBe(false);
  });

  it('matches a default port written in Host', () => {
    expect(verdict('POST', { origin: 'http://other.test', host: 'other.test:80' })).toBe(true);
    expect(verdict('POST', { origin: 'https://other.test', host: 'other.test:443' })).toBe(true);
    expect(verdict('POST', { origin: 'http://other.test:8080', host: 'other.test' })).toBe(false);
  });

  it('refuses origins that are no web origin', () => {
    for (const origin of ['null', 'file://', 'chrome-extension://abc', 'javascript:alert(1)', '', 'bo.example.ch']) {
      expect(verdict('POST', { origin }), origin).toBe(false);
    }
  });

  it('reads the first value of a header sent twice', () => {
    expect(verdict('POST', { 'sec-fetch-site': ['same-origin', 'cross-site'] as unknown as string })).toBe(true);
  });

  it('lets a typed address through only for a GET declared bookmark', () => {
    expect(verdict('GET', { 'sec-fetch-site': 'none' }, { bookmark: true })).toBe(true);
    expect(verdict('POST', { 'sec-fetch-site': 'none' }, { bookmark: true })).toBe(false);
    expect(verdict('GET', { 'sec-fetch-site': 'none' })).toBe(false);
  });

  it('asks a GET without browser headers for a Referer only when it carries a session cookie', () => {
    expect(verdict('GET', {}, { cookie: false })).toBe(true);
    expect(verdict('GET', {})).toBe(false);
    expect(verdict('GET', { referer: 'https://bo.example.ch/admin-dashboard' })).toBe(true);
    expect(verdict('GET', { referer: 'https://evil.example/bo.example.ch' })).toBe(false);
    expect(verdict('GET', { referer: 'not a url' })).toBe(false);
  });

  it('lets a socket handshake without browser headers through, and judges one with them', () => {
    expect(verdict('GET', {}, { handshake: true })).toBe(true);
    expect(verdict('GET', { origin: 'https://evil.example' }, { handshake: true })).toBe(false);
    expect(verdict('GET', { 'sec-fetch-site': 'same-site' }, { handshake: true })).toBe(false);
  });
});
