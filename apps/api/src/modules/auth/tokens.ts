import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A secret for a cookie or link; only its hash is stored. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}
