import { describe, expect, it } from 'vitest';
import { ROLE_CODES, type RoleCode } from './roles.ts';
import { agentName, SIGNUP_MAIL_KIND, signupMailFor, withActiveChange, type SignupMail } from './staff.ts';

describe('signupMailFor', () => {
  // Partners, independent agents and clients come from outside and get the welcome mail; employees get the inner one.
  it.each<[RoleCode, SignupMail]>([
    ['admin', 'inner_signup'],
    ['user', 'signup'],
    ['sales_agent', 'inner_signup'],
    ['call_agent', 'inner_signup'],
    ['prom_agent', 'inner_signup'],
    ['partner', 'signup'],
    ['ocr_manager', 'inner_signup'],
    ['independent_agent', 'signup'],
  ])('%s gets the %s mail', (role, mail) => {
    expect(signupMailFor(role)).toBe(mail);
  });

  it('covers every role', () => {
    expect(ROLE_CODES.map((r) => SIGNUP_MAIL_KIND[signupMailFor(r)]).every(Boolean)).toBe(true);
  });
});

describe('agentName', () => {
  it.each([
    ['Marco', 'Bernasconi', 'Marco Bernasconi'],
    [' Claudia ', ' Meier', 'Claudia Meier'],
    ['Olivia', '', 'Olivia'],
    ['', 'Favre', 'Favre'],
    ['', '', ''],
  ])('%j and %j give %j', (name, surname, expected) => {
    expect(agentName(name, surname)).toBe(expected);
  });
});

describe('withActiveChange (spec 4: blocking or unblocking updates is_active on that row)', () => {
  const rows = [
    { id: 10, user: { id: 1, is_active: true }, access_to_clients: 'all' },
    { id: 11, user: { id: 2, is_active: true }, access_to_clients: 'b2c' },
    { id: 12, user: { id: 3, is_active: false }, access_to_clients: 'none' },
  ];

  it.each([
    ['blocking an active user', { id: 2, is_active: false }, [true, false, false]],
    ['unblocking a blocked user', { id: 3, is_active: true }, [true, true, true]],
    ['blocking the first row', { id: 1, is_active: false }, [false, true, false]],
  ])('%s changes only that row', (_what, change, expected) => {
    const next = withActiveChange(rows, change);
    expect(next.map((r) => r.user.is_active)).toEqual(expected);
    expect(next.map((r) => r.id)).toEqual([10, 11, 12]);
    // Other rows keep their identity, so React re-renders only the changed one.
    next.forEach((row, i) => {
      if (row.user.id !== change.id) {
        expect(row).toBe(rows[i]);
      }
    });
    // The input is not changed.
    expect(rows.map((r) => r.user.is_active)).toEqual([true, true, false]);
  });

  it.each([
    ['a user who is not on the page', { id: 99, is_active: false }],
    ['blocking a user who is already blocked', { id: 3, is_active: false }],
    ['unblocking a user who is active', { id: 1, is_active: true }],
  ])('leaves the list as it is for %s', (_what, change) => {
    expect(withActiveChange(rows, change)).toBe(rows);
  });

  it('keeps the other fields of the changed row', () => {
    const [, second] = withActiveChange(rows, { id: 2, is_active: false });
    expect(second).toEqual({ id: 11, user: { id: 2, is_active: false }, access_to_clients: 'b2c' });
  });

  it('answers an empty list for an empty list', () => {
    expect(withActiveChange([], { id: 1, is_active: false })).toEqual([]);
  });
});
