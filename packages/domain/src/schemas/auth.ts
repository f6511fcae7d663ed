import { z } from 'zod';
import { PRIMARY_COLOURS, type PrimaryColour } from '../constants.ts';
import { GENDERS, PERSONS_AT_HOME, RELATIONS, WORKING_STATUSES } from '../enums.ts';
import { LANGUAGES } from '../languages.ts';
import { ROLE_CODES } from '../roles.ts';
import { hasNoNul, zEmail, zPassword, zPhone, zRequiredText, zText } from '../validation.ts';

/**
 * zod skips an object's refinements once a field has a type error; these cross-field rules still run
 * whenever the body is an object, so one answer names every missing field.
 */
const whenObject = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
};

export const loginBody = z.object({
  email: zEmail(),
  password: z.string().min(1, 'field_is_required').max(200, 'too_long').refine(hasNoNul, 'invalid_value'),
});
export type LoginBody = z.infer<typeof loginBody>;

export const sendCodeBody = z.object({ email: zEmail() });

/**
 * Either a staff member completes the invitation they were mailed (`hash`), or a client registers
 * with the code mailed to them. One object rather than a union, so each missing field is named.
 */
export const signupBody = z
  .object({
    hash: zText(200).optional(),
    email: zEmail().optional(),
    code: zText(20).optional(),
    name: zText(100).optional(),
    surname: zText(100).optional(),
    password: zPassword(),
  })
  .superRefine((body, ctx) => {
    if (body.hash) {
      return;
    }
    const required = ['email', 'code', 'name', 'surname'] as const;
    for (const field of required) {
      if (!body[field]) {
        ctx.addIssue({ code: 'custom', path: [field], message: 'field_is_required' });
      }
    }
    if (body.code && !/^\d{6}$/.test(body.code)) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: 'invalid_value' });
    }
  }, whenObject);
export type SignupBody = z.infer<typeof signupBody>;

export const recoveryEmailBody = z.object({ email: zEmail() });
export const resetPasswordBody = z.object({
  hash: zRequiredText(200),
  password: zPassword(),
});

const colourKeys = Object.keys(PRIMARY_COLOURS) as [PrimaryColour, ...PrimaryColour[]];
const optionalText = zText;

export const editCurrentBody = z
  .object({
    name: zRequiredText(100),
    surname: zRequiredText(100),
    email: zEmail(),
    phone: zPhone(),
    mobile_phone: zPhone(),
    address: optionalText(200),
    zipcode: z
      .string()
      .trim()
      .refine((v) => v === '' || /^\d{4}$/.test(v), 'invalid_value'),
    city: optionalText(100),
    gender: z.enum(GENDERS).nullable(),
    relations: z.enum(RELATIONS).nullable(),
    working_status: z.enum(WORKING_STATUSES).nullable(),
    persons_at_home: z.enum(PERSONS_AT_HOME).nullable(),
    locale: z.enum(LANGUAGES),
    theme_colour: z.enum(colourKeys),
    current_password: z.string().max(200).optional(),
    // Empty means "keep the current password", as a form sends it.
    new_password: z.union([z.literal(''), zPassword()]).optional(),
  })
  .partial()
  .superRefine((body, ctx) => {
    if (body.new_password && !body.current_password) {
      ctx.addIssue({ code: 'custom', path: ['current_password'], message: 'field_is_required' });
    }
  }, whenObject);
export type EditCurrentBody = z.infer<typeof editCurrentBody>;

export const roleDto = z.object({ id: z.number(), code: z.enum(ROLE_CODES), abbr: z.string() });

export const currentUserDto = z.object({
  id: z.number(),
  email: z.string().nullable(),
  name: z.string(),
  surname: z.string(),
  role: roleDto,
  locale: z.enum(LANGUAGES),
  phone: z.string().nullable(),
  mobile_phone: z.string().nullable(),
  address: z.string().nullable(),
  zipcode: z.string().nullable(),
  city: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  relations: z.enum(RELATIONS).nullable(),
  working_status: z.enum(WORKING_STATUSES).nullable(),
  persons_at_home: z.enum(PERSONS_AT_HOME).nullable(),
  theme_colour: z.enum(colourKeys),
  is_active: z.boolean(),
  /** Set while an admin acts as this user through login-by. */
  impersonated_by: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type CurrentUserDto = z.infer<typeof currentUserDto>;

export const okDto = z.object({ ok: z.literal(true) });
