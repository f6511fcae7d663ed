import { z } from 'zod';
import { PAGE_SIZES } from '../constants.ts';
import { CLIENT_ACCESS } from '../enums.ts';
import { LANGUAGES } from '../languages.ts';
import { ROLE_CODES, STAFF_ROLE_CODES, type RoleCode } from '../roles.ts';
import { zEmail, zPhone, zRequiredText } from '../validation.ts';
import { roleDto } from './auth.ts';
import { listOf } from './common.ts';

const staffRoles = STAFF_ROLE_CODES as [(typeof STAFF_ROLE_CODES)[number], ...(typeof STAFF_ROLE_CODES)[number][]];

export type ClientAccess = (typeof CLIENT_ACCESS)[number];

/** POST /api/staff: a staff user of any staff role, without a password until they accept the invitation. */
export const createStaffBody = z.object({
  name: zRequiredText(100),
  surname: zRequiredText(100),
  email: zEmail(),
  phone: zPhone().default(''),
  role: z.enum(staffRoles),
  locale: z.enum(LANGUAGES).default('de'),
});
export type CreateStaffBody = z.infer<typeof createStaffBody>;

/** `roles=sales_agent,call_agent` or `roles=sales_agent&roles=call_agent`. */
function rolesParam<T extends readonly [RoleCode, ...RoleCode[]]>(allowed: T) {
  return z.preprocess(
    (value: unknown): unknown => {
      const list: unknown = typeof value === 'string' ? [value] : value;
      if (!Array.isArray(list)) {
        return list;
      }
      return (list as unknown[]).flatMap((v) => (typeof v === 'string' ? v.split(',') : [v])).filter((v) => v !== '');
    },
    z.array(z.enum(allowed)).max(ROLE_CODES.length),
  );
}

const isActiveParam = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();
const searchParam = z.string().trim().max(100, 'too_long').optional();
const limitParam = z.coerce.number().int().min(1).max(500).default(PAGE_SIZES.users);
const offsetParam = z.coerce.number().int().min(0).default(0);
const orderMethodParam = (fallback: 'asc' | 'desc') => z.enum(['asc', 'desc']).default(fallback);

/** Sort keys of the user lists; each is backed by an index within a role (name = last name, first name). */
export const USER_ORDER_FIELDS = ['updated_at', 'name', 'id'] as const;
export type UserOrderField = (typeof USER_ORDER_FIELDS)[number];

/** GET /api/users: every role unless `roles` narrows it; newest change first, 100 a page (spec 9). */
export const usersQuery = z.object({
  roles: rolesParam(ROLE_CODES).optional(),
  search: searchParam,
  is_active: isActiveParam,
  limit: limitParam,
  offset: offsetParam,
  orderBy: z.enum(USER_ORDER_FIELDS).default('updated_at'),
  orderMethod: orderMethodParam('desc'),
});
export type UsersQuery = z.infer<typeof usersQuery>;

/** GET /api/plain-users: clients (role `user`) only. */
export const plainUsersQuery = usersQuery.omit({ roles: true });
export type PlainUsersQuery = z.infer<typeof plainUsersQuery>;

/** GET /api/sales-agents, /api/call-agents, /api/sales-agent-users: by name. */
export const agentsQuery = z.object({
  search: searchParam,
  is_active: isActiveParam,
  limit: limitParam,
  offset: offsetParam,
});
export type AgentsQuery = z.infer<typeof agentsQuery>;

export const ACCOUNT_ORDER_FIELDS = ['name', 'email', 'role', 'updated_at'] as const;

/** GET /api/accounts and /api/users-with-accounts: staff only (clients have no account), by name. */
export const accountsQuery = z.object({
  roles: rolesParam(staffRoles).optional(),
  search: searchParam,
  is_active: isActiveParam,
  limit: limitParam,
  offset: offsetParam,
  orderBy: z.enum(ACCOUNT_ORDER_FIELDS).default('name'),
  orderMethod: orderMethodParam('asc'),
});
export type AccountsQuery = z.infer<typeof accountsQuery>;

export const userListItemDto = z.object({
  id: z.number(),
  name: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: roleDto,
  locale: z.enum(LANGUAGES),
  is_active: z.boolean(),
  /** Has chosen a password (through an invitation or a signup); false while an invitation is open. */
  signed_up: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UserListItemDto = z.infer<typeof userListItemDto>;
export const userListDto = listOf(userListItemDto);
export type UserListDto = z.infer<typeof userListDto>;

/** An invitation mail that went out: to whom, which mail, until when its link works (never the link). */
export const sentInvitationDto = z.object({
  user_id: z.number(),
  kind: z.enum(['invitation', 'inner_invitation']),
  to: z.string(),
  expires_at: z.string(),
});
/** POST /api/staff: the new staff user, whose invitation went out with the creation. */
export const createdStaffDto = userListItemDto.extend({ account_id: z.number(), invitation: sentInvitationDto });
export type CreatedStaffDto = z.infer<typeof createdStaffDto>;
export const createdStaffAnswer = z.object({ data: createdStaffDto });

export const plainUserDto = z.object({
  id: z.number(),
  name: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  mobile_phone: z.string().nullable(),
  zipcode: z.string().nullable(),
  city: z.string().nullable(),
  is_active: z.boolean(),
});
export type PlainUserDto = z.infer<typeof plainUserDto>;
export const plainUserListDto = listOf(plainUserDto);

/** Spec 3 "Sales agent / call agent": id, name (first and last), is_active. */
export const agentDto = z.object({ id: z.number(), name: z.string(), is_active: z.boolean() });
export type AgentDto = z.infer<typeof agentDto>;
export const agentListDto = listOf(agentDto);

/** Sales agents and independent agents: everyone who can be sent to perform a presentation. */
export const salesAgentUserDto = agentDto.extend({ role: z.enum(['sales_agent', 'independent_agent']) });
export type SalesAgentUserDto = z.infer<typeof salesAgentUserDto>;
export const salesAgentUserListDto = listOf(salesAgentUserDto);

const telephonyUserId = z
  .string()
  .trim()
  .max(64, 'too_long')
  .regex(/^[A-Za-z0-9._-]*$/, 'invalid_value');

/** PUT /api/account/{id}: the whole editable part of an account; an empty text clears a field. */
export const accountBody = z.object({
  access_to_clients: z.enum(CLIENT_ACCESS),
  telephony_user_id: telephonyUserId.nullable().default(''),
  telephony_number: zPhone().nullable().default(''),
});
export type AccountBody = z.infer<typeof accountBody>;

/** POST /api/user-accessibility: the access to clients of that user's account. */
export const userAccessibilityBody = z.object({
  userId: z.number().int().positive().max(2_147_483_647, 'invalid_value'),
  access: z.enum(CLIENT_ACCESS),
});
export type UserAccessibilityBody = z.infer<typeof userAccessibilityBody>;

export const accountUserDto = z.object({
  id: z.number(),
  name: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  role: roleDto,
  is_active: z.boolean(),
  /** Has chosen a password; while false, the invitation can be sent again. */
  signed_up: z.boolean(),
});

export const accountDto = z.object({
  id: z.number(),
  user: accountUserDto,
  access_to_clients: z.enum(CLIENT_ACCESS),
  telephony_user_id: z.string().nullable(),
  telephony_number: z.string().nullable(),
  updated_at: z.string(),
  /** The signed-in admin may block or unblock this account (not their own). */
  can_block: z.boolean(),
});
export type AccountDto = z.infer<typeof accountDto>;
export const accountListDto = listOf(accountDto);
export type AccountListDto = z.infer<typeof accountListDto>;
export const accountAnswer = z.object({ data: accountDto });

export const userWithAccountDto = userListItemDto.extend({
  account: z.object({
    id: z.number(),
    access_to_clients: z.enum(CLIENT_ACCESS),
    telephony_user_id: z.string().nullable(),
    telephony_number: z.string().nullable(),
  }),
});
export type UserWithAccountDto = z.infer<typeof userWithAccountDto>;
export const userWithAccountListDto = listOf(userWithAccountDto);

/** GET /api/send-signup-mail/{id} and /api/send-inner-signup-mail/{id}. */
export const signupMailAnswer = z.object({ data: sentInvitationDto });
export type SignupMailAnswer = z.infer<typeof signupMailAnswer>;
