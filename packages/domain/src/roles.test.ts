import { describe, expect, it } from 'vitest';
import {
  ROLES,
  ROLE_CODES,
  STAFF_ROLE_CODES,
  announcesAsAgent,
  dashboardPath,
  roleByAbbr,
  roleByCode,
  roleById,
  type RoleCode,
} from './roles.ts';

// Spec 6: eight roles, each with a fixed id, a short abbreviation and its own dashboard; the role
// code decides the route prefix (spec 2 lists the prefixes).
const TABLE: [RoleCode, number, string, string][] = [
  ['admin', 1, 'admin', '/admin-dashboard'],
  ['user', 2, 'user', '/user-dashboard'],
  ['sales_agent', 3, 'sa', '/sa-dashboard'],
  ['call_agent', 4, 'ca', '/ca-dashboard'],
  ['prom_agent', 5, 'pa', '/pa-dashboard'],
  ['partner', 6, 'partner', '/partner-dashboard'],
  ['ocr_manager', 7, 'om', '/om-dashboard'],
  ['independent_agent', 8, 'ia', '/ia-dashboard'],
];

describe('roles', () => {
  it('are exactly the eight roles of the spec, in id order', () => {
    expect(ROLES.map((r) => [r.code, r.id])).toEqual(TABLE.map(([code, id]) => [code, id]));
    expect(ROLE_CODES).toEqual(TABLE.map(([code]) => code));
  });

  describe.each(TABLE)('%s', (code, id, abbr, dashboard) => {
    it(`has the fixed id ${id} and the abbreviation ${abbr}`, () => {
      expect(roleByCode(code)).toMatchObject({ id, code, abbr });
    });

    it(`is found again by id ${id} and by abbreviation ${abbr}`, () => {
      expect(roleById(id)?.code).toBe(code);
      expect(roleByAbbr(abbr)?.code).toBe(code);
    });

    it(`has its dashboard at ${dashboard}`, () => {
      expect(dashboardPath(code)).toBe(dashboard);
    });
  });

  it.each([0, 9, -1, 1.5, Number.NaN])('knows no role with id %s', (id) => {
    expect(roleById(id)).toBeUndefined();
  });

  it.each(['sales_agent', 'SA', 'x', ''])('knows no role with abbreviation %j', (abbr) => {
    expect(roleByAbbr(abbr)).toBeUndefined();
  });

  it('refuses an unknown role code', () => {
    expect(() => roleByCode('guest' as RoleCode)).toThrow('unknown role guest');
  });

  it('counts every role but the plain user as staff', () => {
    expect(STAFF_ROLE_CODES).toEqual(ROLE_CODES.filter((c) => c !== 'user'));
    expect(STAFF_ROLE_CODES).toHaveLength(7);
  });
});

describe('announcesAsAgent', () => {
  // Spec 6: the socket client announces a connected agent only when the role is not the plain user role.
  it.each(TABLE.map(([code]) => [code, code !== 'user'] as const))('%s announces itself: %s', (code, expected) => {
    expect(announcesAsAgent(code)).toBe(expected);
  });
});
