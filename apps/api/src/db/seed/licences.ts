import { roleByCode } from '@bo/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { licences, users } from '../schema/index.ts';

const DAY = 86_400_000;

/**
 * The independent agents' licences in several states, so the licence page and the admin's list have
 * content: the demo sign-in (ia@demo.test) has a single licence that expired and an obligation licence
 * the admin requested but has not activated (so the admin can activate it, and the agent can still go
 * through the checkout), one agent pays a recurrent licence, another owes a failed renewal (past_due, in its
 * grace period). The provider's ids are the local provider's.
 */
export async function seedDemoLicences(tx: Tx, opts: { independentAgent: number; admin: number }): Promise<void> {
  const now = Date.now();
  const others = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.roleId, roleByCode('independent_agent').id), ne(users.id, opts.independentAgent)))
    .orderBy(users.id);
  await tx.insert(licences).values({
    agentId: opts.independentAgent,
    flow: 'single',
    activation: 'activated',
    validUntil: new Date(now - 60 * DAY),
    requestedById: opts.admin,
    activatedById: opts.admin,
    activatedAt: new Date(now - 425 * DAY),
    activations: 1,
    createdAt: new Date(now - 426 * DAY),
  });
  // Its successor, an obligation licence the admin requested and has not activated yet.
  await tx.insert(licences).values({
    agentId: opts.independentAgent,
    flow: 'obligation',
    activation: 'requested',
    requestedById: opts.admin,
    createdAt: new Date(now - 2 * DAY),
  });
  const [paying, owing] = others;
  if (paying) {
    const started = now - 95 * DAY;
    await tx.insert(licences).values({
      agentId: paying.id,
      flow: 'recurrent',
      checkoutSessionId: 'cs_local_demo0000paying',
      customerId: `cus_local_${paying.id}`,
      subscriptionId: 'sub_local_demo_paying',
      providerStatus: 'active',
      providerStatusAt: Math.floor((now - 5 * DAY) / 1000),
      paidUntil: new Date(now + 25 * DAY),
      activatedAt: new Date(started),
      activations: 1,
      createdAt: new Date(started),
    });
  }
  if (owing) {
    const started = now - 40 * DAY;
    await tx.insert(licences).values({
      agentId: owing.id,
      flow: 'recurrent',
      checkoutSessionId: 'cs_local_demo00000owing',
      customerId: `cus_local_${owing.id}`,
      subscriptionId: 'sub_local_demo_owing',
      providerStatus: 'past_due',
      providerStatusAt: Math.floor((now - 3 * DAY) / 1000),
      owingSince: new Date(now - 3 * DAY),
      paidUntil: new Date(now - 10 * DAY),
      activatedAt: new Date(started),
      activations: 1,
      createdAt: new Date(started),
    });
  }
}
