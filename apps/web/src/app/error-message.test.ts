import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '@bo/domain';
import type { TFunction } from 'i18next';
import { errorMessage } from './error-message.ts';
import { HttpError } from './http-error.ts';

// Stands in for i18next: a key reads back as «key», so the test sees which keys were asked for.
const t = ((key: string, opts?: { defaultValue?: string }) =>
  key === 'errors.UNKNOWN_CODE' ? (opts?.defaultValue ?? key) : `«${key}»`) as unknown as TFunction;

describe('errorMessage', () => {
  it.each([
    ['a known identifier', new HttpError(404, { error: 'NOT_FOUND' }), '«errors.NOT_FOUND»'],
    ['an identifier with dots and spaces', new HttpError(403, { error: 'Not allowed.' }), '«errors.Not_allowed_»'],
    // A newer server may send an identifier this browser does not know yet.
    ['an unknown identifier reads as sent', new HttpError(409, { error: 'UNKNOWN_CODE' as ErrorCode }), 'UNKNOWN_CODE'],
    [
      'a refusal adds its rule in the user language, not the English message',
      new HttpError(403, { error: 'Not allowed.', message: 'A paid receipt is kept.', data: { reason: 'paid_receipt_final' } }),
      '«errors.Not_allowed_» «refusals.paid_receipt_final»',
    ],
    [
      'a reason we do not know adds nothing',
      new HttpError(403, { error: 'Not allowed.', data: { reason: 'something_new' } }),
      '«errors.Not_allowed_»',
    ],
    ['a server failure is the generic text', new HttpError(500, { error: 'INTERNAL_ERROR' }), '«errors.generic»'],
    [
      'the database or a service down for a moment says so',
      new HttpError(503, { error: 'SERVICE_UNAVAILABLE', message: 'The database is not reachable' }),
      '«errors.SERVICE_UNAVAILABLE»',
    ],
    ['a bare string message is the generic text', new HttpError(502, { message: 'Bad gateway' }), '«errors.generic»'],
    ['a body without identifier or message is shown as JSON', new HttpError(400, { foo: 1 }), '{"foo":1}'],
    ['a plain error shows its message', new Error('offline'), 'offline'],
  ])('%s', (_, err, expected) => {
    expect(errorMessage(err, t)).toBe(expected);
  });
});
