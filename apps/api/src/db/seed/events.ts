import {
  BUYER_STATUSES,
  EVENT_LENGTH_S,
  formatContractNumber,
  reminderSchedule,
  reminderText,
  roleByCode,
  zurichClock,
  zurichInstant,
  type ClientStatus,
  type PaymentMethod,
} from '@bo/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { eventProducts, events, orders, products, recallHistory, smsOutbox, statusHistory, users } from '../schema/index.ts';

/**
 * Presentations and services of the demo (spec 2 events lists, presentations pages, calendar): for the
 * demo sales agent, the demo independent agent and two more sales agents, the past two months in every
 * outcome (sold with a gift and a line paid by recommendations, held without a sale, canceled, remeet with
 * its follow-up, recall with its history, planned but never performed), today, and the coming four
 * weeks. Most demos were booked by the demo call agent. Upcoming ones have their SMS reminders.
 */

export interface DemoEventStaff {
  admin: number;
  client: number;
  salesAgent: number;
  callAgent: number;
  independentAgent: number;
}

type Outcome = 'sold' | 'not_bought' | 'canceled' | 'remeet' | 'recall' | 'expired';
const PAST_OUTCOMES: readonly Outcome[] = ['sold', 'sold', 'sold', 'not_bought', 'not_bought', 'canceled', 'remeet', 'recall', 'expired'];
/** Each agent's day: three starts two and a half hours apart, so no two events of an agent overlap. */
const STARTS: readonly [number, number][] = [
  [9, 0],
  [11, 30],
  [14, 0],
];

const VISITED_STATUSES: readonly ClientStatus[] = [
  'sale_agents',
  'buy_product',
  'buy_other_products',
  'not_buy',
  'decline_presentation',
  'not_interested',
  'buy_and_return',
  'accept_service',
  'reject_service',
];

const CLIENT_STATUS_AFTER: Record<Outcome, ClientStatus | null> = {
  sold: 'buy_product',
  not_bought: 'not_buy',
  canceled: 'decline_presentation',
  remeet: 'sale_agents',
  recall: 'sale_agents',
  expired: 'sale_agents',
};

function dayAt(daysFromToday: number, [hour, minute]: [number, number]): Date {
  const c = zurichClock(new Date(Date.now() + daysFromToday * 86_400_000));
  return zurichInstant(c.year, c.month, c.day, hour, minute);
}

const isSunday = (daysFromToday: number) => zurichClock(new Date(Date.now() + daysFromToday * 86_400_000)).weekday === 7;

export async function seedDemoEvents(
  tx: Tx,
  opts: {
    random: () => number;
    staff: DemoEventStaff;
    clientIds: number[];
    /** A client (the demo has a Russian-speaking one) who bought three weeks ago and pays by bill. */
    billPayer?: number;
  },
): Promise<number> {
  const { random, staff } = opts;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const catalogue = await tx.select().from(products).where(eq(products.status, 'active'));
  const ofType = (type: string) => catalogue.filter((p) => p.type === type);
  const [mains, others, gifts] = [ofType('main'), ofType('other'), ofType('gift')];
  const moreAgents = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.roleId, roleByCode('sales_agent').id), eq(users.isActive, true), sql`${users.id} <> ${staff.salesAgent}`))
    .limit(2);
  const agents = [staff.salesAgent, staff.independentAgent, ...moreAgents.map((a) => a.id)];
  // Visits go to clients whose status already says they met a sales agent, so the call agents' lists
  // (the make-a-demo statuses) keep their leads; such a client may have had several visits.
  const visited = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, opts.clientIds), inArray(users.status, [...VISITED_STATUSES])));
  const clientPool = visited.length > 0 ? visited.map((v) => v.id) : opts.clientIds;
  let cursor = 0;
  const nextClient = () => clientPool[(cursor++ * 7 + Math.floor(random() * 3)) % clientPool.length]!;
  const length = EVENT_LENGTH_S * 1000;
  let made = 0;

  const insertEvent = async (values: typeof events.$inferInsert) => {
    const [row] = await tx.insert(events).values(values).returning({ id: events.id });
    made += 1;
    return row!.id;
  };

  /** The client's status after the visit, in the history with the one before and the time of the visit. */
  const setStatus = async (clientId: number, status: ClientStatus | null, by: number, at: Date) => {
    if (!status) {
      return;
    }
    const [current] = await tx.select({ status: users.status }).from(users).where(eq(users.id, clientId));
    // A client who bought stays a buyer whatever a later visit brought.
    const buyer = (v: string | null | undefined) => (BUYER_STATUSES as readonly string[]).includes(v ?? '');
    if (current?.status === status || (buyer(current?.status) && !buyer(status))) {
      return;
    }
    // After the client's last history entry, so the history still ends at the current status.
    const [last] = await tx
      .select({ at: statusHistory.createdAt })
      .from(statusHistory)
      .where(eq(statusHistory.userId, clientId))
      .orderBy(desc(statusHistory.createdAt))
      .limit(1);
    const when = last && last.at >= at ? new Date(Math.min(Date.now(), last.at.getTime() + 60_000)) : at;
    await tx.update(users).set({ status }).where(eq(users.id, clientId));
    await tx
      .insert(statusHistory)
      .values({ userId: clientId, status, previousStatus: current?.status ?? null, changedById: by, createdAt: when });
  };

  const sell = async (
    eventId: number,
    clientId: number,
    agentId: number,
    createdById: number,
    at: Date,
    withMain: boolean,
    method?: PaymentMethod,
  ) => {
    const main = pick(mains);
    const lines: (typeof eventProducts.$inferInsert)[] = [];
    if (withMain) {
      lines.push({
        eventId,
        productId: main.id,
        status: 'sell',
        repaymentType: 'money',
        quantity: 1,
        price: main.defaultPrice,
        yearsOfGuarantee: 5,
      });
    }
    const other = pick(others);
    lines.push(
      random() < 0.5
        ? {
            eventId,
            productId: other.id,
            status: 'rec',
            repaymentType: 'recommendation',
            quantity: 1,
            price: other.defaultPrice,
            recPrice: Math.round(other.defaultPrice / 2),
          }
        : {
            eventId,
            productId: other.id,
            status: 'sell',
            repaymentType: 'money',
            quantity: 1 + Math.floor(random() * 3),
            price: other.defaultPrice,
          },
    );
    const gift = gifts.length ? pick(gifts) : null;
    if (gift) {
      lines.push({ eventId, productId: gift.id, status: 'gift', repaymentType: null, quantity: 1, price: 0 });
    }
    const delivered = at.getTime() < Date.now() - 14 * 86_400_000 && random() < 0.6;
    // As performing a presentation does: the presentation and its order keep one payment method and the
    // one contract number the agent typed from the signed contract.
    // Drawn also when the method is given, so the random sequence of every other sale stays as it was.
    const drawn: PaymentMethod = pick(['bill', 'cash', 'card', 'byjuno', 'omnicas'] as const);
    const paymentMethod = method ?? drawn;
    const contractNumber = formatContractNumber(zurichClock(at).year, eventId);
    const [order] = await tx
      .insert(orders)
      .values({
        clientId,
        eventId,
        agentId,
        callAgentId: createdById === staff.callAgent ? createdById : null,
        paymentMethod,
        contractNumber,
        deliveryStatus: delivered ? 'delivered' : 'not_delivered',
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: orders.id });
    await tx.insert(eventProducts).values(lines.map((l) => ({ ...l, orderId: order!.id, delivered })));
    await tx
      .update(events)
      .set({ gotGift: gift !== null, giftProductId: gift?.id ?? null, paymentMethod, contractNumber })
      .where(eq(events.id, eventId));
  };

  for (const agentId of agents) {
    // The past two months: one or two visits a working day.
    for (let day = -60; day <= -1; day += 1) {
      if (isSunday(day) || random() < 0.35) {
        continue;
      }
      for (const start of STARTS.slice(0, random() < 0.4 ? 2 : 1)) {
        const at = dayAt(day, start);
        const clientId = nextClient();
        const createdById = random() < 0.75 ? staff.callAgent : agentId;
        const service = random() < 0.15;
        const outcome: Outcome = service ? pick(['sold', 'not_bought', 'canceled'] as const) : pick(PAST_OUTCOMES);
        const base = {
          type: service ? ('service' as const) : ('presentation' as const),
          clientId,
          agentId,
          createdById,
          updatedById: agentId,
          startsAt: at,
          endsAt: new Date(at.getTime() + length),
          createdAt: new Date(at.getTime() - 7 * 86_400_000),
        };
        if (outcome === 'expired') {
          await insertEvent({ ...base, status: 'planned' });
          continue;
        }
        const held = outcome === 'sold' || outcome === 'not_bought';
        const id = await insertEvent({
          ...base,
          status: held ? 'success' : outcome === 'canceled' ? 'canceled' : 'remeet',
          wasAtHome: held || outcome === 'remeet',
          quality: held ? pick(['good', 'good', 'bad'] as const) : null,
          sawPresentation: held,
          boughtProduct: outcome === 'sold',
          boughtOtherProducts: outcome === 'sold',
          dontBuyReasons: outcome === 'not_bought' ? pick(['need_time_to_think', 'very_expensive', 'not_enough_money,maybe_later']) : null,
          hasOrder: outcome === 'sold',
          flowStep: held ? '18' : '04',
          finishedAt: new Date(at.getTime() + length),
          comment: outcome === 'canceled' ? 'Kunde hat abgesagt' : '',
        });
        if (outcome === 'sold') {
          await sell(id, clientId, agentId, createdById, at, !service);
        }
        if (outcome === 'recall') {
          await tx
            .insert(recallHistory)
            .values({ eventId: id, recallAt: dayAt(day + 10, [18, 0]), comment: 'Am Abend nochmals anrufen', createdById: agentId });
        }
        if (outcome === 'remeet') {
          // The follow-up: in the coming days at 16:00, a start no other demo event of the agent uses.
          let follow = Math.max(day + 14, 1);
          while (isSunday(follow)) {
            follow += 1;
          }
          const start = dayAt(follow, [16, 0]);
          const clash = await tx
            .select({ id: events.id })
            .from(events)
            .where(and(eq(events.agentId, agentId), eq(events.startsAt, start)))
            .limit(1);
          if (clash.length === 0) {
            const followId = await insertEvent({
              ...base,
              startsAt: start,
              endsAt: new Date(start.getTime() + length),
              status: 'planned',
              relatedEventId: id,
              comment: 'Zweiter Termin',
            });
            await tx.update(events).set({ remeetEventId: followId }).where(eq(events.id, id));
          } else {
            // No free slot for the follow-up: the agent calls back instead, so the outcome stays clear.
            await tx.insert(recallHistory).values({
              eventId: id,
              recallAt: dayAt(follow, [18, 0]),
              comment: 'Neuen Termin telefonisch vereinbaren',
              createdById: agentId,
            });
          }
        }
        await setStatus(
          clientId,
          service ? (outcome === 'sold' ? 'buy_other_products' : null) : CLIENT_STATUS_AFTER[outcome],
          agentId,
          new Date(at.getTime() + length),
        );
      }
    }
    // Today and the coming four weeks: planned visits with their reminders (none on a Sunday, which is
    // not a working day; a working today always has some, so the today tab has content).
    for (let day = 0; day <= 28; day += 1) {
      if (isSunday(day) || (day > 0 && random() < 0.3)) {
        continue;
      }
      for (const start of day === 0 ? STARTS.slice(0, 2) : STARTS.slice(0, 1 + Math.floor(random() * 2))) {
        const at = dayAt(day, start);
        const clientId = nextClient();
        const service = random() < 0.15;
        // Booked a week ahead, or a few hours ago for the coming days: never later than now.
        const bookedAt = new Date(Math.min(Date.now() - (1 + Math.floor(random() * 48)) * 3_600_000, at.getTime() - 7 * 86_400_000));
        const id = await insertEvent({
          type: service ? 'service' : 'presentation',
          clientId,
          agentId,
          createdById: random() < 0.75 ? staff.callAgent : agentId,
          updatedById: agentId,
          status: 'planned',
          startsAt: at,
          endsAt: new Date(at.getTime() + length),
          comment: random() < 0.3 ? 'Parkplatz vor dem Haus' : '',
          createdAt: bookedAt,
          updatedAt: bookedAt,
        });
        if (!service) {
          await setStatus(clientId, 'sale_agents', staff.callAgent, bookedAt);
        }
        const [client] = await tx
          .select({ phone: users.mobilePhone, name: users.name, surname: users.surname, locale: users.locale })
          .from(users)
          .where(eq(users.id, clientId));
        const [agent] = await tx.select({ name: users.name, surname: users.surname }).from(users).where(eq(users.id, agentId));
        if (client?.phone) {
          const facts = {
            clientName: `${client.name} ${client.surname}`,
            agentName: agent ? `${agent.name} ${agent.surname}` : '',
            startsAt: at,
            company: '',
          };
          // The reminders booking wrote (the same schedule as the app's), delivered once their time has come.
          const now = Date.now();
          await tx.insert(smsOutbox).values(
            reminderSchedule(at, bookedAt).flatMap(({ type, sendAt }) =>
              sendAt
                ? [
                    {
                      to: client.phone!,
                      text: reminderText(type, client.locale, facts),
                      type,
                      status: sendAt.getTime() <= now ? 'delivered' : 'planned',
                      userId: clientId,
                      eventId: id,
                      sendAt,
                      sentAt: sendAt.getTime() <= now ? sendAt : null,
                      createdAt: bookedAt,
                    },
                  ]
                : [],
            ),
          );
        }
      }
    }
  }

  /** A sale of the demo sales agent at 17:00 (a start the working days above never use), whatever the date. */
  const soldAtFive = async (clientId: number, daysAgo: number, method?: PaymentMethod) => {
    const at = dayAt(isSunday(-daysAgo) ? -daysAgo - 1 : -daysAgo, [17, 0]);
    const id = await insertEvent({
      type: 'presentation',
      clientId,
      agentId: staff.salesAgent,
      createdById: staff.callAgent,
      updatedById: staff.salesAgent,
      status: 'success',
      startsAt: at,
      endsAt: new Date(at.getTime() + length),
      wasAtHome: true,
      quality: 'good',
      sawPresentation: true,
      boughtProduct: true,
      hasOrder: true,
      flowStep: '18',
      finishedAt: new Date(at.getTime() + length),
      createdAt: new Date(at.getTime() - 7 * 86_400_000),
    });
    await sell(id, clientId, staff.salesAgent, staff.callAgent, at, true, method);
    await setStatus(clientId, 'buy_product', staff.salesAgent, new Date(at.getTime() + length));
  };
  // The demo client who signs in bought from the demo sales agent two weeks ago.
  await soldAtFive(staff.client, 15);
  if (opts.billPayer !== undefined) {
    await soldAtFive(opts.billPayer, 22, 'bill');
  }
  return made;
}
