import {
  BUYER_STATUSES,
  clientsQuery,
  clientTablesFor,
  DASHBOARD_CARDS,
  dashboardCardsFor,
  dashboardPath,
  IMPORT_TYPES,
  isoDay,
  ordersQuery,
  prepareImportQuery,
  ratePercent,
  recommendationsQuery,
  zurichClock,
  zurichDayStart,
  zurichInstant,
  type CallAgentFigures,
  type DashboardCardDto,
  type DashboardCardId,
  type DashboardQuery,
  type DashboardStatisticDto,
  type FunnelStep,
  type RoleCode,
  type SalesAgentFigures,
} from '@bo/domain';
import type { Actor } from '../../core/actor.ts';
import { AppError } from '../../core/errors.ts';
import type { Db, Tx } from '../../db/client.ts';
import { clientsPage, referredClientsIn } from '../clients/index.ts';
import { userProducts } from '../events/index.ts';
import { ordersPage, receiptsPage } from '../finances/index.ts';
import { prepareImport } from '../import/index.ts';
import { recommendationsPage } from '../recommendations/index.ts';
import { countToDeliver } from '../warehouse/index.ts';
import { callAgentStats, salesAgentStats } from './agents.service.ts';
import { leadsByStatus } from './dashboard.repo.ts';
import * as figures from './figures.repo.ts';

type Data = DashboardStatisticDto['data'];
type Link = NonNullable<DashboardCardDto['link']>;

const SALES_ROLES: readonly RoleCode[] = ['sales_agent', 'independent_agent'];
/** The roles whose home page shows their own leads (created by them) and their commissions. */
const LEAD_ROLES: readonly RoleCode[] = ['prom_agent', 'partner', 'independent_agent'];

/** The first and last instant of everything: "as things stand" figures read every date. */
const ALL_TIME = { from: new Date('1970-01-01T00:00:00Z'), to: new Date('9999-01-01T00:00:00Z') };

interface Context {
  db: Db;
  actor: Actor;
  year: number;
  month: number;
  /** The Zurich day of the request: its first instant and the next day's. */
  day: { from: Date; to: Date; iso: string };
  agentId: number | undefined;
  now: Date;
  /** When each figure was computed: the total statistics may answer from their snapshot (at most a minute old). */
  computedAt: string[];
}

function contextOf(db: Db, actor: Actor, q: DashboardQuery, now: Date): Context {
  if (actor.role !== 'admin' && q.agent_id !== undefined && q.agent_id !== actor.userId) {
    // Only an admin looks at another agent's numbers.
    throw new AppError('Not allowed.', { fieldValidation: { agent_id: 'invalid_value' } });
  }
  const clock = zurichClock(now);
  return {
    db,
    actor,
    year: q.year ?? clock.year,
    month: q.month ?? (q.year === undefined || q.year === clock.year ? clock.month : 12),
    day: { from: zurichDayStart(now), to: zurichDayStart(now, 1), iso: isoDay(clock.year, clock.month, clock.day) },
    agentId: actor.role === 'admin' ? q.agent_id : undefined,
    now,
    computedAt: [now.toISOString()],
  };
}

const path = (c: Context, rel: string) => (rel ? `${dashboardPath(c.actor.role)}/${rel}` : dashboardPath(c.actor.role));

/** The total statistics of the dashboard's month: the list of the month's figures, per agent. */
function totalStatisticsLink(c: Context, tab: 'sales' | 'call'): Link {
  const query: Record<string, string> = { tab, year: String(c.year), from: String(c.month), to: String(c.month) };
  if (c.agentId !== undefined) {
    query.agent_id = String(c.agentId);
  }
  return { path: path(c, 'total-statistics'), query };
}

/** The month's figures of the sales-agents tab: an admin's team total (or the agent asked for), an agent's own row. */
async function salesMonth(c: Context): Promise<SalesAgentFigures> {
  const stats = await salesAgentStats(c.db, c.actor, { year: c.year, from: c.month, to: c.month, agent_id: c.agentId }, c.now);
  c.computedAt.push(stats.data.computed_at);
  const table = stats.data.table;
  return c.actor.role === 'admin' ? table.total : table.rows.find((r) => r.agent.id === c.actor.userId)!;
}

async function callMonth(c: Context): Promise<CallAgentFigures> {
  const stats = await callAgentStats(c.db, c.actor, { year: c.year, from: c.month, to: c.month, agent_id: c.agentId }, c.now);
  c.computedAt.push(stats.data.computed_at);
  const table = stats.data.table;
  return c.actor.role === 'admin' ? table.total : table.rows.find((r) => r.agent.id === c.actor.userId)!;
}

/**
 * Today's calls of the signed-in call agent: the call figures of the day, theirs only (read through their
 * own rows, so the home page stays quick), which is their own row of the call agents tab for the day that
 * the card's link opens.
 */
async function callsToday(c: Context): Promise<{ calls: number; reached: number; link: Link }> {
  const v = await ownTotal(c, figures.callFigures, c.day);
  return {
    calls: v.calls ?? 0,
    reached: v.reached ?? 0,
    link: { path: path(c, 'total-statistics'), query: { tab: 'call', day: c.day.iso } },
  };
}

/** The grand total of one family of figures over a range, for the signed-in agent. */
async function ownTotal(
  c: Context,
  read: (tx: Tx, r: figures.FigureRange) => Promise<figures.GroupedRow[]>,
  range: { from: Date; to: Date },
): Promise<Record<string, number>> {
  const rows = await figures.withoutJit(c.db, (tx) => read(tx, { ...range, agentId: c.actor.userId, roles: [c.actor.role] }));
  return rows.find((r) => r.level === 'total')?.values ?? {};
}

function funnel(counts: [number, number, number, number]): Data['charts']['funnel'] {
  const steps: FunnelStep[] = ['leads', 'demos_booked', 'demos_held', 'sales'];
  return steps.map((step, i) => ({ step, count: counts[i]!, rate: i === 0 ? null : ratePercent(counts[i]!, counts[i - 1]!) }));
}

/** The count of the first tab of the role's clients list, as that list counts it with its defaults. */
async function clientsInList(c: Context): Promise<{ value: number; link: Link }> {
  const tab = clientTablesFor(c.actor.role)[0]!;
  const page = await clientsPage(c.db, c.actor, clientsQuery.parse({ tableName: tab, limit: 1 }));
  return { value: page.total, link: { path: path(c, 'clients'), query: { tab } } };
}

/**
 * GET /api/stats/dashboard-statistic: the signed-in role's cards. Every figure comes from the definition
 * the lists and the total statistics use (docs/statistics.md "Dashboard cards"); the rows are those the
 * role's lists show: an admin's the whole company's, anyone else's their own.
 */
export async function dashboardStatistic(db: Db, actor: Actor, q: DashboardQuery, now = new Date()): Promise<DashboardStatisticDto> {
  const c = contextOf(db, actor, q, now);
  const role = actor.role;
  const values = new Map<DashboardCardId, { value: number; link: Link | null }>();
  const set = (id: DashboardCardId, value: number, link: Link | null) => values.set(id, { value, link });
  const data: Data = {
    role,
    year: c.year,
    month: c.month,
    today: c.day.iso,
    sales_agent: null,
    call_agent: null,
    leads: null,
    charts: { funnel: [] },
    table: { rows: [] },
    cards: [],
    computed_at: now.toISOString(),
  };
  const yearRange = { from: zurichInstant(c.year, 1, 1), to: zurichInstant(c.year + 1, 1, 1) };
  const work: Promise<unknown>[] = [];

  if (role === 'admin') {
    work.push(
      salesMonth(c).then((s) => {
        data.sales_agent = s;
        data.charts.funnel = funnel([s.leads_created, s.demos_booked, s.demos_held, s.sales]);
        const link = totalStatisticsLink(c, 'sales');
        set('leads_month', s.leads_created, link);
        set('demos_booked_month', s.demos_booked, link);
        set('demos_held_month', s.demos_held, link);
        set('sales_month', s.sales, link);
        set('revenue_month', s.sold, link);
      }),
      ordersPage(db, actor, ordersQuery.parse({ limit: 1 })).then((p) =>
        set('orders_to_check', p.total, { path: path(c, 'finances'), query: { tab: 'orders' } }),
      ),
      countToDeliver(db).then((n) => set('deliveries_due', n, { path: path(c, 'warehouse'), query: { tab: 'deliver' } })),
      receiptsPage(db, actor, { status: ['open'], limit: 1, offset: 0 }).then((p) =>
        set('receipts_to_pay', p.total, { path: path(c, 'admin-payments'), query: {} }),
      ),
    );
  }

  if (SALES_ROLES.includes(role)) {
    work.push(
      ownTotal(c, (tx, r) => figures.demoFigures(tx, { ...r, by: 'agent' }), c.day).then((v) =>
        set('visits_today', v.demos_booked ?? 0, { path: path(c, 'calendar'), query: { view: 'day', date: c.day.iso } }),
      ),
      salesMonth(c).then((s) => {
        data.sales_agent = s;
        data.charts.funnel = funnel([s.leads_created, s.demos_booked, s.demos_held, s.sales]);
        const link = totalStatisticsLink(c, 'sales');
        set('own_sales_month', s.sales, link);
        set('own_revenue_month', s.sold, link);
        set('own_commissions_month', s.commissions, link);
      }),
    );
  }

  if (role === 'call_agent') {
    const link = totalStatisticsLink(c, 'call');
    work.push(
      callsToday(c).then((v) => {
        set('calls_today', v.calls, v.link);
        set('reached_today', v.reached, v.link);
      }),
      callMonth(c).then((s) => {
        data.call_agent = s;
        data.charts.funnel = funnel([s.leads_called, s.demos_booked, s.demos_held, s.sales]);
        set('own_demos_booked_month', s.demos_booked, link);
        set('own_demos_held_month', s.demos_held, link);
      }),
    );
  }

  if (role === 'partner') {
    // The people the partner referred, as their partner list counts them.
    work.push(
      referredClientsIn(db, actor.userId).then((rows) => set('own_referrals', rows.length, { path: path(c, 'partner-users'), query: {} })),
    );
  }

  if (LEAD_ROLES.includes(role)) {
    /*
     * The lists behind the lead cards: an independent agent's leads of the year are their own row of the
     * sales agents tab ("leads created"); the agents' leads of the year that bought are the buyers tab of
     * their clients list with the year and "created by me" applied, counted by that list. A promotion agent
     * has no list of all their leads across the tabs, and a partner's list counts their referrals of every
     * year (the referrals card opens it): those cards have no link.
     */
    const agent = role !== 'partner';
    const year = { from: isoDay(c.year, 1, 1), to: isoDay(c.year, 12, 31) };
    const boughtQuery = { tab: 'buyers', created_at_from: year.from, created_at_to: year.to, created_by_me: 'true' };
    const leadsLink: Link | null =
      role === 'independent_agent'
        ? { path: path(c, 'total-statistics'), query: { tab: 'sales', year: String(c.year), from: '1', to: '12' } }
        : null;
    const commissionsLink: Link | null = role === 'independent_agent' ? { path: path(c, 'finances'), query: { tab: 'commissions' } } : null;
    work.push(
      Promise.all([
        ownTotal(c, figures.leadFigures, yearRange),
        figures.withoutJit(db, (tx) => leadsByStatus(tx, { agentId: actor.userId, ...yearRange })),
        agent
          ? clientsPage(
              db,
              actor,
              clientsQuery.parse({
                tableName: 'buyers',
                created_at_from: year.from,
                created_at_to: year.to,
                created_by_me: 'true',
                limit: 1,
              }),
            )
          : null,
      ]).then(([created, byStatus, buyers]) => {
        const bought = byStatus.filter((r) => (BUYER_STATUSES as readonly string[]).includes(r.status)).reduce((s, r) => s + r.count, 0);
        data.leads = { created: created.leads_created ?? 0, bought };
        data.table.rows = byStatus;
        set('own_leads_year', data.leads.created, leadsLink);
        set('own_leads_bought_year', buyers ? buyers.total : bought, buyers ? { path: path(c, 'clients'), query: boughtQuery } : null);
      }),
      ownTotal(c, figures.commissionFigures, yearRange).then((v) => set('own_commissions_year', v.commissions ?? 0, commissionsLink)),
      ownTotal(c, figures.commissionFigures, ALL_TIME).then((v) =>
        set('own_commissions_open', (v.status_open ?? 0) + (v.status_pending ?? 0), commissionsLink),
      ),
    );
  }

  if (dashboardCardsFor(role).includes('recalls_due')) {
    // The clients of the list's first tab whose open recall falls on today or earlier, as that list filters them.
    const tab = clientTablesFor(role)[0]!;
    work.push(
      clientsPage(db, actor, clientsQuery.parse({ tableName: tab, open_recalls_to: c.day.iso, limit: 1 })).then((p) =>
        set('recalls_due', p.total, { path: path(c, 'clients'), query: { tab, open_recalls_to: c.day.iso } }),
      ),
    );
  }

  if (dashboardCardsFor(role).includes('clients_in_list')) {
    work.push(clientsInList(c).then((r) => set('clients_in_list', r.value, r.link)));
  }

  if (role === 'ocr_manager') {
    work.push(
      Promise.all(IMPORT_TYPES.map((importType) => prepareImport(db, actor, prepareImportQuery.parse({ importType, limit: 1 })))).then(
        (pages) =>
          set(
            'import_rows_to_review',
            pages.reduce((s, p) => s + p.counts.not_reviewed, 0),
            { path: path(c, 'import'), query: {} },
          ),
      ),
    );
  }

  if (role === 'user') {
    work.push(
      userProducts(db, actor, actor.userId).then((lines) =>
        set('own_products', lines.length, { path: path(c, 'user-products'), query: {} }),
      ),
      recommendationsPage(db, actor, recommendationsQuery.parse({ limit: 1 })).then((p) =>
        set('own_recommendations', p.total, { path: path(c, 'recommendations'), query: {} }),
      ),
    );
  }

  await Promise.all(work);
  // The screen says when the oldest of the figures was computed.
  data.computed_at = c.computedAt.reduce((oldest, at) => (at < oldest ? at : oldest));
  data.cards = dashboardCardsFor(role).flatMap((id) => {
    const card = values.get(id);
    return card ? [{ id, value: card.value, ...DASHBOARD_CARDS[id], link: card.link }] : [];
  });
  return { data };
}
