import type { RoleCode } from './roles.ts';

/**
 * The number cards of each role's home page (`/{role}-dashboard`, GET /api/stats/dashboard-statistic).
 * Every card is a figure of docs/statistics.md ("Dashboard cards") and carries the link to the list
 * behind it. The table says which roles get a card, in which order, what its value is (a count, an
 * amount in Rappen) and which time it covers.
 */
export const DASHBOARD_CARD_IDS = [
  // Admin: the month's funnel and money, and what waits for the office.
  'leads_month',
  'demos_booked_month',
  'demos_held_month',
  'sales_month',
  'revenue_month',
  'orders_to_check',
  'deliveries_due',
  'receipts_to_pay',
  // Sales agent.
  'visits_today',
  'own_sales_month',
  'own_revenue_month',
  'own_commissions_month',
  // Call agent.
  'calls_today',
  'reached_today',
  'own_demos_booked_month',
  'own_demos_held_month',
  'recalls_due',
  // Promotion agent, partner, independent agent: their leads and what became of them.
  'own_referrals',
  'own_leads_year',
  'own_leads_bought_year',
  'own_commissions_year',
  'own_commissions_open',
  // Agents with a clients list: the clients of their list's first tab.
  'clients_in_list',
  // OCR manager.
  'import_rows_to_review',
  // Client.
  'own_products',
  'own_recommendations',
] as const;
export type DashboardCardId = (typeof DASHBOARD_CARD_IDS)[number];

export type DashboardUnit = 'count' | 'rappen';
/** today: the Zurich day; month and year: the asked (default current) month or year; now: as things stand. */
export type DashboardPeriod = 'today' | 'month' | 'year' | 'now';

export const DASHBOARD_CARDS: Record<DashboardCardId, { unit: DashboardUnit; period: DashboardPeriod }> = {
  leads_month: { unit: 'count', period: 'month' },
  demos_booked_month: { unit: 'count', period: 'month' },
  demos_held_month: { unit: 'count', period: 'month' },
  sales_month: { unit: 'count', period: 'month' },
  revenue_month: { unit: 'rappen', period: 'month' },
  orders_to_check: { unit: 'count', period: 'now' },
  deliveries_due: { unit: 'count', period: 'now' },
  receipts_to_pay: { unit: 'count', period: 'now' },
  visits_today: { unit: 'count', period: 'today' },
  own_sales_month: { unit: 'count', period: 'month' },
  own_revenue_month: { unit: 'rappen', period: 'month' },
  own_commissions_month: { unit: 'rappen', period: 'month' },
  calls_today: { unit: 'count', period: 'today' },
  reached_today: { unit: 'count', period: 'today' },
  own_demos_booked_month: { unit: 'count', period: 'month' },
  own_demos_held_month: { unit: 'count', period: 'month' },
  recalls_due: { unit: 'count', period: 'today' },
  own_referrals: { unit: 'count', period: 'now' },
  own_leads_year: { unit: 'count', period: 'year' },
  own_leads_bought_year: { unit: 'count', period: 'year' },
  own_commissions_year: { unit: 'rappen', period: 'year' },
  own_commissions_open: { unit: 'rappen', period: 'now' },
  clients_in_list: { unit: 'count', period: 'now' },
  import_rows_to_review: { unit: 'count', period: 'now' },
  own_products: { unit: 'count', period: 'now' },
  own_recommendations: { unit: 'count', period: 'now' },
};

const ROLE_CARDS: Record<RoleCode, readonly DashboardCardId[]> = {
  admin: [
    'leads_month',
    'demos_booked_month',
    'demos_held_month',
    'sales_month',
    'revenue_month',
    'orders_to_check',
    'deliveries_due',
    'receipts_to_pay',
  ],
  sales_agent: ['visits_today', 'own_sales_month', 'own_revenue_month', 'own_commissions_month', 'clients_in_list'],
  call_agent: ['calls_today', 'reached_today', 'own_demos_booked_month', 'own_demos_held_month', 'recalls_due', 'clients_in_list'],
  prom_agent: ['own_leads_year', 'own_leads_bought_year', 'own_commissions_year', 'own_commissions_open', 'clients_in_list'],
  partner: ['own_referrals', 'own_leads_year', 'own_leads_bought_year', 'own_commissions_year', 'own_commissions_open'],
  independent_agent: [
    'visits_today',
    'own_sales_month',
    'own_leads_year',
    'own_leads_bought_year',
    'own_commissions_year',
    'own_commissions_open',
    'clients_in_list',
  ],
  ocr_manager: ['import_rows_to_review'],
  user: ['own_products', 'own_recommendations'],
};

/** The cards of a role's home page, in the order they are shown. */
export function dashboardCardsFor(role: RoleCode): readonly DashboardCardId[] {
  return ROLE_CARDS[role];
}

/** The steps of the funnel chart: leads → demos booked → demos held → sales. */
export const FUNNEL_STEPS = ['leads', 'demos_booked', 'demos_held', 'sales'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** `YYYY-MM-DD` of a Zurich calendar day (the calendar's `date` parameter). */
export function isoDay(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
