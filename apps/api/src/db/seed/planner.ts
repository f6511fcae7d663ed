import { roleByCode, zurichClock, zurichInstant } from '@bo/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { plannerBlockedDays, plannerPrivateAppointments, users } from '../schema/index.ts';

/** Homes of the demo's other field agents (the sign-in agents live in Zürich 8001 with the other staff). */
const HOMES: Record<string, { address: string; zipcode: string; city: string }> = {
  'Luca Rossi': { address: 'Via Nassa 5', zipcode: '6900', city: 'Lugano' },
  'Sandra Huber': { address: 'Marktgasse 12', zipcode: '3011', city: 'Bern' },
  'Daniela Graf': { address: 'Stadthausstrasse 20', zipcode: '8400', city: 'Winterthur' },
};

const pad = (n: number) => String(n).padStart(2, '0');

/** The n-th Monday-to-Saturday day after `from` (Zurich), as YYYY-MM-DD. */
function workday(from: Date, n: number): string {
  let seen = 0;
  for (let d = 1; ; d += 1) {
    const c = zurichClock(new Date(from.getTime() + d * 86_400_000));
    if (c.weekday <= 6 && ++seen === n) {
      return `${c.year}-${pad(c.month)}-${pad(c.day)}`;
    }
  }
}

/**
 * The planner's demo data (docs/planner.md): homes for the field agents who have none, a company day
 * off blocked for every field agent, a day off of the demo sales agent and a private appointment of his.
 */
export async function seedDemoPlanner(tx: Tx, opts: { salesAgent: number; now?: Date }): Promise<void> {
  const now = opts.now ?? new Date();
  const agents = await tx
    .select({ id: users.id, name: users.name, surname: users.surname })
    .from(users)
    .where(and(inArray(users.roleId, [roleByCode('sales_agent').id, roleByCode('independent_agent').id]), eq(users.isActive, true)));
  for (const a of agents) {
    const home = HOMES[`${a.name} ${a.surname}`];
    if (home) {
      await tx
        .update(users)
        .set(home)
        .where(and(eq(users.id, a.id), isNull(users.address)));
    }
  }
  const companyDay = workday(now, 12);
  await tx
    .insert(plannerBlockedDays)
    .values([
      ...agents.map((a) => ({ agentId: a.id, day: companyDay, note: 'Betriebsausflug' })),
      { agentId: opts.salesAgent, day: workday(now, 6), note: 'Ferien' },
    ]);
  const [y, m, d] = workday(now, 3).split('-').map(Number) as [number, number, number];
  await tx.insert(plannerPrivateAppointments).values({
    agentId: opts.salesAgent,
    startsAt: zurichInstant(y, m, d, 12),
    endsAt: zurichInstant(y, m, d, 13),
    note: 'Arzttermin',
  });
}
