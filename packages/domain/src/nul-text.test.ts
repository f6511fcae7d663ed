import { describe, expect, it } from 'vitest';
import { fieldValidationFrom, hasNoNul, nulPath, zEmail, zPassword, zRequiredText, zText } from './validation.ts';
import { loginBody, signupBody } from './schemas/auth.ts';

describe('NUL characters in text', () => {
  it('finds where a request value holds a NUL: in a string, deep in arrays and objects, or in a key', () => {
    expect(hasNoNul('Anna Muster')).toBe(true);
    expect(hasNoNul('Anna\u0000')).toBe(false);
    expect(nulPath('a\u0000')).toEqual([]);
    expect(nulPath({ name: 'Anna', lines: [{ note: 'ok' }, { note: 'x\u0000y' }] })).toEqual(['lines', 1, 'note']);
    expect(nulPath({ ['bad\u0000key']: 'x' })).toEqual(['bad\ufffdkey']);
    expect(nulPath({ name: 'Anna', n: 1, ok: true, none: null, list: ['a', 'b'] })).toBeUndefined();
    // Odd but storable text is not refused here: lone surrogates, RTL override, zero-width, combining, emoji.
    expect(nulPath('\ud800\u202eAnna\u200be\u0301\u{1F469}\u200d\u{1F467}\udfff')).toBeUndefined();
  });

  it('the shared text builders refuse a NUL with a field validation key', () => {
    const cases = [
      [zText(), 'Anna\u0000', 'invalid_value'],
      [zRequiredText(), '\u0000', 'invalid_value'],
      [zEmail(), 'anna\u0000@example.ch', 'invalid_email'],
      [zPassword(), 'Secret-Passw0rd\u0000', 'invalid_value'],
    ] as const;
    for (const [builder, value, key] of cases) {
      const parsed = builder.safeParse(value);
      expect(parsed.success, JSON.stringify(value)).toBe(false);
      expect(fieldValidationFrom(parsed.error!.issues)).toEqual({ _: key });
    }
    expect(zText().parse(' Anna ')).toBe('Anna');
    expect(zRequiredText().parse('\ud800\u202eAnna')).toBe('\ud800\u202eAnna');
  });

  it('the anonymous sign-in and signup bodies name the field that holds a NUL', () => {
    const login = loginBody.safeParse({ email: 'anna@example.ch', password: 'Secret\u0000' });
    expect(fieldValidationFrom(login.error!.issues)).toEqual({ password: 'invalid_value' });
    const signup = signupBody.safeParse({
      email: 'anna@example.ch',
      code: '123456',
      name: 'An\u0000na',
      surname: 'Muster',
      password: 'Secret-Passw0rd',
    });
    expect(fieldValidationFrom(signup.error!.issues)).toEqual({ name: 'invalid_value' });
  });
});
