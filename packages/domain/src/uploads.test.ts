import { describe, expect, it } from 'vitest';
import { checkUpload, parseByteRange, UPLOAD_RULES } from './uploads.ts';

const MB = 1024 * 1024;

describe('checkUpload', () => {
  it.each([
    ['image', 'image/png', 1000, { ok: true }],
    ['image', 'image/jpeg', 5 * MB, { ok: true }],
    ['image', 'image/png', 5 * MB + 1, { ok: false, reason: 'too_large' }],
    ['image', 'video/mp4', 1000, { ok: false, reason: 'wrong_type' }],
    ['image', 'application/x-msdownload', 1000, { ok: false, reason: 'wrong_type' }],
    ['image', undefined, 1000, { ok: false, reason: 'wrong_type' }],
    ['image', 'image/png', 0, { ok: false, reason: 'empty' }],
    ['video', 'video/mp4', 200 * MB, { ok: true }],
    ['video', 'video/mp4', 200 * MB + 1, { ok: false, reason: 'too_large' }],
    ['video', 'image/png', 10, { ok: false, reason: 'wrong_type' }],
    ['audio', 'audio/mpeg', 10, { ok: true }],
    ['audio', 'audio/wav', 10, { ok: true }],
    ['document', 'application/pdf', 50 * MB, { ok: true }],
    ['document', 'application/zip', 10, { ok: false, reason: 'wrong_type' }],
  ] as const)('%s of type %s and %i bytes → %o', (kind, type, size, verdict) => {
    expect(checkUpload(kind, type, size)).toEqual(verdict);
  });

  it('limits images tighter than videos', () => {
    expect(UPLOAD_RULES.image.maxBytes).toBeLessThan(UPLOAD_RULES.video.maxBytes);
  });
});

describe('parseByteRange', () => {
  it.each([
    ['bytes=0-499', 1000, { start: 0, end: 499 }],
    ['bytes=500-', 1000, { start: 500, end: 999 }],
    ['bytes=-200', 1000, { start: 800, end: 999 }],
    ['bytes=-2000', 1000, { start: 0, end: 999 }],
    ['bytes=900-5000', 1000, { start: 900, end: 999 }],
    ['bytes=1000-', 1000, undefined],
    ['bytes=500-100', 1000, undefined],
    ['bytes=-0', 1000, undefined],
    ['bytes=-', 1000, undefined],
    ['items=0-1', 1000, undefined],
    ['bytes=0-1,5-6', 1000, undefined],
    [undefined, 1000, undefined],
    ['bytes=0-0', 0, undefined],
  ] as const)('%s of %i bytes → %o', (header, size, range) => {
    expect(parseByteRange(header, size)).toEqual(range);
  });
});
