import { z } from 'zod';
import { CLIENT_STATUSES } from '../enums.ts';
import { MAKE_A_DEMO_CODE, PARTNER_STATUSES } from '../statuses.ts';

const colour = z.string().regex(/^#[0-9a-f]{6}$/);

/** GET /api/statuses. */
export const statusesAnswer = z.object({
  data: z.object({
    client_statuses: z.array(z.enum(CLIENT_STATUSES)),
    partner_statuses: z.array(z.object({ code: z.enum(PARTNER_STATUSES), colour })),
    make_a_demo: z.object({ code: z.literal(MAKE_A_DEMO_CODE), colour, statuses: z.array(z.enum(CLIENT_STATUSES)) }),
  }),
});
export type StatusesAnswer = z.infer<typeof statusesAnswer>;
