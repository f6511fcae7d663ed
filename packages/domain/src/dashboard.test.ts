import { describe, expect, it } from 'vitest';
import { DASHBOARD_CARD_IDS, DASHBOARD_CARDS, dashboardCardsFor, isoDay } from './dashboard.ts';
import { ROLE_CODES, type RoleCode } from './roles.ts';

describe('dashboardCardsFor', () => {
  it.each<[RoleCode, string[]]>([
    [
      'admin',
      [
        'leads_month',
        'demos_booked_month',
        'demos_held_month',
        'sales_month',
        'revenue_month',
        'orders_to_check',
        'deliveries_due',
        'receipts_to_pay',
      ],
    ],
    ['sales_agent', ['visits_today', 'own_sales_month', 'own_revenue_month', 'own_commissions_month', 'clients_in_list']],
    ['call_agent', ['calls_today', 'reached_today', 'own_demos_booked_month', 'own_demos_held_month', 'recalls_due', 'clients_in_list']],
    ['prom_agent', ['own_leads_year', 'own_leads_bought_year', 'own_commissions_year', 'own_commissions_open', 'clients_in_list']],
    ['partner', ['own_referrals', 'own_leads_year', 'own_leads_bought_year', 'own_commissions_year', 'own_commissions_open']],
    ['ocr_manager', ['import_rows_to_review']],
    ['user', ['own_products', 'own_recommendations']],
  ])('%s sees %j', (role, cards) => {
    expect(dashboardCardsFor(role)).toEqual(cards);
  });

  it('gives every role at least one card, and every card to some role', () => {
    for (const role of ROLE_CODES) {
      expect(dashboardCardsFor(role).length).toBeGreaterThan(0);
    }
    const used = new Set(ROLE_CODES.flatMap((r) => dashboardCardsFor(r)));
    expect([...used].sort()).toEqual([...DASHBOARD_CARD_IDS].sort());
  });

  it('keeps money in Rappen on the money cards only', () => {
    const money = DASHBOARD_CARD_IDS.filter((id) => DASHBOARD_CARDS[id].unit === 'rappen');
    expect(money).toEqual(['revenue_month', 'own_revenue_month', 'own_commissions_month', 'own_commissions_year', 'own_commissions_open']);
  });
});

describe('isoDay', () => {
  it.each([
    [2025, 3, 5, '2025-03-05'],
    [2026, 12, 31, '2026-12-31'],
  ])('%i-%i-%i → %s', (y, m, d, expected) => {
    expect(isoDay(y, m, d)).toBe(expected);
  });
});
