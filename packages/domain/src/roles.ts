/** The eight roles of the product. Ids are fixed: other records and URLs refer to them. */
export const ROLES = [
  { id: 1, code: 'admin', abbr: 'admin', prefix: 'admin' },
  { id: 2, code: 'user', abbr: 'user', prefix: 'user' },
  { id: 3, code: 'sales_agent', abbr: 'sa', prefix: 'sa' },
  { id: 4, code: 'call_agent', abbr: 'ca', prefix: 'ca' },
  { id: 5, code: 'prom_agent', abbr: 'pa', prefix: 'pa' },
  { id: 6, code: 'partner', abbr: 'partner', prefix: 'partner' },
  { id: 7, code: 'ocr_manager', abbr: 'om', prefix: 'om' },
  { id: 8, code: 'independent_agent', abbr: 'ia', prefix: 'ia' },
] as const;

export type Role = (typeof ROLES)[number];
export type RoleCode = Role['code'];
export type RoleAbbr = Role['abbr'];

export const ROLE_CODES = ROLES.map((r) => r.code) as [RoleCode, ...RoleCode[]];
export const STAFF_ROLE_CODES = ROLE_CODES.filter((c) => c !== 'user');

export function roleByCode(code: RoleCode): Role {
  const role = ROLES.find((r) => r.code === code);
  if (!role) {
    throw new Error(`unknown role ${code}`);
  }
  return role;
}

export function roleById(id: number): Role | undefined {
  return ROLES.find((r) => r.id === id);
}

export function roleByAbbr(abbr: string): Role | undefined {
  return ROLES.find((r) => r.abbr === abbr);
}

/** `/sa-dashboard` for a sales agent: the role code decides the route prefix. */
export function dashboardPath(code: RoleCode): string {
  return `/${roleByCode(code).prefix}-dashboard`;
}

/** Only staff announce themselves to the socket server (spec 6). */
export function announcesAsAgent(code: RoleCode): boolean {
  return code !== 'user';
}
