import type { RoleCode } from './roles.ts';

export * from './schemas/staff.ts';

/**
 * The two signup mails of spec section 7. Both carry a single-use link to choose a password; they
 * differ in whom they address:
 * - the signup mail (`GET /api/send-signup-mail/{id}`) welcomes someone from outside the company
 *   (a partner, an independent agent, a client) to the programme;
 * - the inner signup mail (`GET /api/send-inner-signup-mail/{id}`) tells an employee (admin, sales,
 *   call and promotion agents, OCR managers) that their work account is ready.
 */
export const SIGNUP_MAILS = ['signup', 'inner_signup'] as const;
export type SignupMail = (typeof SIGNUP_MAILS)[number];

/** The outbox kind of each signup mail. */
export const SIGNUP_MAIL_KIND = { signup: 'invitation', inner_signup: 'inner_invitation' } as const satisfies Record<SignupMail, string>;

const EXTERNAL_ROLES: readonly RoleCode[] = ['user', 'partner', 'independent_agent'];

/** Which of the two mails suits a new user of the role; the create-agent page offers it first. */
export function signupMailFor(role: RoleCode): SignupMail {
  return EXTERNAL_ROLES.includes(role) ? 'signup' : 'inner_signup';
}

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

/** Spec 3 "Sales agent / call agent": the name is first name and last name. */
export function agentName(name: string, surname: string): string {
  return `${name.trim()} ${surname.trim()}`.trim();
}

export interface ActiveChange {
  id: number;
  is_active: boolean;
}

/**
 * Spec 4: blocking or unblocking an account updates `is_active` on that row in the user list. Only the
 * row of that user changes; the list keeps its order and length, and stays the same array when the
 * user is not on the page or nothing changes.
 */
export function withActiveChange<T extends { user: ActiveChange }>(rows: readonly T[], change: ActiveChange): readonly T[] {
  const index = rows.findIndex((row) => row.user.id === change.id);
  const row = index === -1 ? undefined : rows[index];
  if (!row || row.user.is_active === change.is_active) {
    return rows;
  }
  const next = [...rows];
  next[index] = { ...row, user: { ...row.user, is_active: change.is_active } };
  return next;
}
