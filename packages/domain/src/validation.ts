import { z } from 'zod';
import { isValidationKey, type ValidationKey } from './errors.ts';
import { isPhone } from './phone.ts';

/** Reusable patterns of spec section 5. */
export const PATTERNS = {
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  guid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  /** Starts with 0 or +0 followed by at least 9 digits (spaces between the digits ignored). */
  phone: /^\+?0(?:\s*\d){9,}$/,
  e164: /^\+[1-9]\d{1,14}$/,
  url: /^https?:\/\/[^\s/$.?#].[^\s]*$/i,
  ipv4: /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/,
} as const;

/**
 * Every zod message in this product is a validation key, so a 400 can carry
 * `field_validation: { field: key }` that the browser translates.
 */
function keyForIssue(issue: { code?: string; input?: unknown; format?: string }): ValidationKey {
  switch (issue.code ?? '') {
    // A missing enum, literal or union value is reported as invalid_value/invalid_union, not invalid_type.
    case 'invalid_type':
    case 'invalid_value':
    case 'invalid_union':
      return issue.input === undefined || issue.input === null ? 'field_is_required' : 'invalid_value';
    case 'too_small':
      return typeof issue.input === 'string' && issue.input.length === 0 ? 'field_is_required' : 'too_short';
    case 'too_big':
      return 'too_long';
    case 'invalid_format':
      if (issue.format === 'email') {
        return 'invalid_email';
      }
      if (issue.format === 'url') {
        return 'invalid_website_url';
      }
      return 'invalid_value';
    default:
      return 'invalid_value';
  }
}

z.config({ customError: (issue) => keyForIssue(issue) });

export interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

/** `{ "address.zipcode": "field_is_required" }`, first issue per field wins. */
export function fieldValidationFrom(issues: readonly IssueLike[]): Record<string, ValidationKey> {
  const out: Record<string, ValidationKey> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    if (!(field in out)) {
      out[field] = isValidationKey(issue.message) ? issue.message : 'invalid_value';
    }
  }
  return out;
}

/**
 * PostgreSQL text cannot hold the NUL character (U+0000): a text carrying one is refused as a bad
 * value of its field rather than failing in the database.
 */
export function hasNoNul(value: string): boolean {
  return !value.includes('\u0000');
}

/**
 * Where a request value holds a NUL, in a string or in a key: `['lines', 0, 'name']`, `[]` for the
 * value itself, `undefined` when it holds none. The API refuses such a request before validation.
 */
export function nulPath(value: unknown, at: (string | number)[] = []): (string | number)[] | undefined {
  if (typeof value === 'string') {
    return hasNoNul(value) ? undefined : at;
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nulPath(item, [...at, i]);
      if (found) {
        return found;
      }
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (!hasNoNul(key)) {
        return [...at, key.replaceAll('\u0000', '\ufffd')];
      }
      const found = nulPath(item, [...at, key]);
      if (found) {
        return found;
      }
    }
  }
  return undefined;
}

/** Optional free text: trimmed, bounded, never a NUL. */
export const zText = (max = 200) => z.string().trim().max(max, 'too_long').refine(hasNoNul, 'invalid_value');
export const zRequiredText = (max = 200) =>
  z.string().trim().min(1, 'field_is_required').max(max, 'too_long').refine(hasNoNul, 'invalid_value');
export const zEmail = () =>
  z
    .string()
    .trim()
    .min(1, 'field_is_required')
    .max(254, 'too_long')
    .regex(PATTERNS.email, 'invalid_email')
    .refine(hasNoNul, 'invalid_email')
    .transform((v) => v.toLowerCase());
export const zPassword = () => z.string().min(8, 'too_short').max(200, 'too_long').refine(hasNoNul, 'invalid_value');
/** A phone by the one rule of every form (isPhone); optional fields accept an empty string as "none". */
export const zPhone = () =>
  z
    .string()
    .trim()
    .max(40, 'too_long')
    .refine((v) => v === '' || isPhone(v), 'invalid_phone');
