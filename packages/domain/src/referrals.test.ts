import { describe, expect, it } from 'vitest';
import { CLIENT_STATUSES } from './enums.ts';
import { partnerStatusColour, partnerStatusOf, referralStatusOf, type ReferredFacts } from './referrals.ts';
import { PARTNER_STATUSES, type PartnerStatus } from './statuses.ts';

describe('partner status of a referred client', () => {
  it.each<[string | null, boolean, PartnerStatus]>([
    ['trash', false, 'declined_by_admin'],
    ['duplicated', true, 'declined_by_admin'],
    ['archived', false, 'declined_by_admin'],
    ['younger', false, 'declined_by_admin'],
    ['single_man', false, 'declined_by_admin'],
    ['buy_product', false, 'buyers'],
    ['buy_other_products', true, 'buyers'],
    ['accept_service', false, 'buyers'],
    ['reject_service', false, 'buyers'],
    ['sale_agents', false, 'wait_presentation'],
    ['call_agents', true, 'wait_presentation'],
    ['user_rec', true, 'wait_presentation'],
    ['decline_presentation', false, 'canceled_presentation'],
    ['not_buy', false, 'dont_buy'],
    ['buy_and_return', false, 'dont_buy'],
    ['not_interested', false, 'not_interested'],
    ['know_hula', false, 'not_interested'],
    ['not_answered', false, 'not_answered'],
    ['wrong_data', false, 'wrong_data'],
    ['without_number', false, 'wrong_data'],
    ['potential', false, 'wait_for_call'],
    ['call_agents', false, 'wait_for_call'],
    ['unqualified', false, 'wait_for_call'],
    ['older', false, 'wait_for_call'],
    ['poll_active', false, 'wait_for_call'],
    ['user_rec', false, 'registered'],
    ['unconfirmed', false, 'registered'],
    ['temporary', false, 'registered'],
    ['imported_from_ocr', false, 'registered'],
    ['cohabitant', false, 'registered'],
    [null, false, 'registered'],
    ['no_such_status', false, 'registered'],
  ])('status %s, demo planned %s → %s', (status, hasPlannedPresentation, expected) => {
    expect(partnerStatusOf({ status, hasPlannedPresentation })).toBe(expected);
  });

  it('gives every client status a partner status, and every partner status is reachable', () => {
    const reached = new Set(CLIENT_STATUSES.map((s) => partnerStatusOf({ status: s, hasPlannedPresentation: false })));
    expect([...reached].sort()).toEqual([...PARTNER_STATUSES].sort());
  });

  it('has a distinct colour for each partner status', () => {
    const colours = PARTNER_STATUSES.map(partnerStatusColour);
    expect(new Set(colours).size).toBe(PARTNER_STATUSES.length);
    colours.forEach((c) => expect(c).toMatch(/^#[0-9a-f]{6}$/));
  });
});

describe('referral status of whom an independent agent brought', () => {
  it.each<[ReferredFacts, string]>([
    [{ kind: 'agent', isActive: true, hasSignedUp: true }, 'active'],
    [{ kind: 'agent', isActive: true, hasSignedUp: false }, 'in_progress'],
    [{ kind: 'agent', isActive: false, hasSignedUp: true }, 'inactive'],
    [{ kind: 'agent', isActive: false, hasSignedUp: false }, 'inactive'],
    [{ kind: 'client', partnerStatus: 'buyers' }, 'active'],
    [{ kind: 'client', partnerStatus: 'registered' }, 'in_progress'],
    [{ kind: 'client', partnerStatus: 'wait_for_call' }, 'in_progress'],
    [{ kind: 'client', partnerStatus: 'wait_presentation' }, 'in_progress'],
    [{ kind: 'client', partnerStatus: 'not_answered' }, 'in_progress'],
    [{ kind: 'client', partnerStatus: 'dont_buy' }, 'inactive'],
    [{ kind: 'client', partnerStatus: 'declined_by_admin' }, 'inactive'],
    [{ kind: 'client', partnerStatus: 'canceled_presentation' }, 'inactive'],
  ])('%o → %s', (facts, expected) => {
    expect(referralStatusOf(facts)).toBe(expected);
  });
});
