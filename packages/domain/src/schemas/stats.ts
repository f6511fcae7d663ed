import { z } from 'zod';

/**
 * Clients (users of role `user`) counted by status and by lead source, for the admin's pie chart.
 * A client without a status or lead source is counted under `null`. Each list is ordered by count,
 * largest first; both lists add up to `total`.
 */
export const clientsDistributionDto = z.object({
  data: z.object({
    total: z.number().int(),
    by_status: z.array(z.object({ status: z.string().nullable(), count: z.number().int() })),
    by_lead_source: z.array(z.object({ lead_source: z.string().nullable(), count: z.number().int() })),
  }),
});
export type ClientsDistributionDto = z.infer<typeof clientsDistributionDto>;
