import { zPassword } from '@bo/domain';
import { z } from 'zod';

/** A new password typed twice; the second must match (spec 5: "passwords don't match"). */
export const newPasswordFields = z
  .object({ password: zPassword(), confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'passwords_dont_match' });
