import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, type Permission } from './permissions.ts';
import {
  isActivation,
  KEPT_WHILE_RESTRICTED,
  keptWhileRestricted,
  licenceState,
  observationSupersedes,
  owesPayment,
  owingSinceAfter,
  PROVIDER_STATUSES,
  type LicenceFacts,
  type LicenceStatus,
  type ProviderStatus,
  type StatusObservation,
} from './licences.ts';

const now = new Date('2026-06-15T12:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
const recurrent = (providerStatus: ProviderStatus | null, owingSince: Date | null = null): LicenceFacts => ({
  flow: 'recurrent',
  providerStatus,
  owingSince,
  activation: null,
  validUntil: null,
});

describe('licenceState: a recurrent licence follows its subscription', () => {
  it.each<[ProviderStatus | null, Date | null, LicenceStatus, boolean]>([
    [null, null, 'inactive', false],
    ['incomplete', null, 'inactive', false],
    ['incomplete_expired', null, 'inactive', false],
    ['trialing', null, 'active', false],
    ['active', null, 'active', false],
    // owing: full access during the 7 days of grace, restricted after
    ['past_due', daysAgo(1), 'active', false],
    ['past_due', daysAgo(6.9), 'active', false],
    ['past_due', daysAgo(7), 'expired', true],
    ['unpaid', daysAgo(3), 'active', false],
    ['unpaid', daysAgo(30), 'expired', true],
    ['canceled', null, 'expired', false],
  ])('%s (owing since %s) → %s, restricted %s', (status, since, expected, restricted) => {
    const s = licenceState(recurrent(status, since), now, 7);
    expect(s.status).toBe(expected);
    expect(s.restricted).toBe(restricted);
  });

  it('maps every provider status', () => {
    for (const status of PROVIDER_STATUSES) {
      expect(['active', 'expired', 'inactive']).toContain(licenceState(recurrent(status, now), now, 7).status);
    }
  });

  it('the grace period is the number of days the admin set; 0 restricts at once', () => {
    expect(licenceState(recurrent('past_due', daysAgo(10)), now, 14)).toMatchObject({ status: 'active', restricted: false });
    expect(licenceState(recurrent('past_due', now), now, 0)).toMatchObject({ status: 'expired', restricted: true });
    expect(licenceState(recurrent('past_due', daysAgo(2)), now, 7).graceEndsAt).toEqual(new Date(daysAgo(2).getTime() + 7 * 86_400_000));
  });
});

describe('licenceState: single and obligation licences are activated by an admin for a term', () => {
  it.each<[LicenceFacts['flow'], LicenceFacts['activation'], Date | null, LicenceStatus]>([
    ['single', 'requested', null, 'inactive'],
    ['single', 'activated', new Date('2026-12-31T00:00:00Z'), 'active'],
    ['single', 'activated', daysAgo(1), 'expired'],
    ['obligation', null, null, 'inactive'],
    ['obligation', 'activated', null, 'active'],
    ['obligation', 'activated', daysAgo(0), 'expired'],
  ])('%s %s until %s → %s', (flow, activation, validUntil, expected) => {
    expect(licenceState({ flow, activation, validUntil, providerStatus: null, owingSince: null }, now, 7)).toMatchObject({
      status: expected,
      restricted: false,
    });
  });
});

describe('observationSupersedes: the provider’s time decides, not the arrival', () => {
  const o = (status: ProviderStatus, at: number): StatusObservation => ({ status, at });
  it.each<[StatusObservation | null, StatusObservation, boolean]>([
    [null, o('incomplete', 10), true],
    [o('incomplete', 10), o('active', 11), true],
    [o('active', 11), o('incomplete', 10), false],
    [o('past_due', 20), o('active', 11), false],
    [o('active', 30), o('past_due', 20), false],
    // the same second: the later stage of the subscription's life
    [o('incomplete', 10), o('active', 10), true],
    [o('active', 10), o('incomplete', 10), false],
    [o('active', 10), o('active', 10), false],
    // ended stays ended, even against a later time
    [o('canceled', 10), o('active', 50), false],
    [o('incomplete_expired', 10), o('active', 50), false],
    [o('active', 50), o('canceled', 10), true],
    [o('canceled', 10), o('canceled', 50), false],
  ])('%j then %j: %s', (current, next, expected) => {
    expect(observationSupersedes(current, next)).toBe(expected);
  });
});

describe('owingSinceAfter', () => {
  const t = (s: number) => new Date(s * 1000);
  it.each<[ProviderStatus | null, Date | null, StatusObservation, Date | null]>([
    ['active', null, { status: 'past_due', at: 100 }, t(100)],
    ['past_due', t(100), { status: 'unpaid', at: 200 }, t(100)],
    ['past_due', t(100), { status: 'active', at: 200 }, null],
    ['unpaid', t(100), { status: 'canceled', at: 200 }, null],
    [null, null, { status: 'unpaid', at: 300 }, t(300)],
  ])('%s since %s, then %j → %s', (previous, since, next, expected) => {
    expect(owingSinceAfter(previous, since, next)).toEqual(expected);
  });
});

describe('isActivation: the first sign of payment activates, once', () => {
  it.each<[boolean, ProviderStatus | null, boolean, boolean]>([
    [false, 'active', false, true],
    [false, 'trialing', false, true],
    [false, null, true, true],
    // a late past_due or a cancellation seen first is no payment; the paid invoice arriving later still activates
    [false, 'past_due', false, false],
    [false, 'canceled', false, false],
    [false, 'incomplete', false, false],
    [false, 'past_due', true, true],
    // paying what was owed, or any later payment, never activates twice
    [true, 'active', true, false],
    [true, 'active', false, false],
    [true, null, true, false],
  ])('activated before %s, status %s, paid invoice %s: %s', (already, status, paidInvoice, expected) => {
    expect(isActivation(already, { status, paidInvoice })).toBe(expected);
  });
});

describe('keptWhileRestricted: what an agent whose licence restricts them may still call', () => {
  it.each<[Permission, boolean]>([
    ['profile.self', true],
    ['licences.own', true],
    ['statuses.read', true],
    ['settings.read', true],
    ['clients.read', false],
    ['clients.create', false],
    ['events.read', false],
    ['events.book', false],
    ['finances.read', false],
    ['referrals.link', false],
    ['stats.dashboard', false],
    ['planner.use', false],
  ])('%s → %s', (permission, kept) => {
    expect(keptWhileRestricted(permission)).toBe(kept);
  });

  it('every kept permission is one an independent agent holds (the licence page, profile and settings stay reachable)', () => {
    for (const permission of KEPT_WHILE_RESTRICTED) {
      expect(ROLE_PERMISSIONS.independent_agent).toContain(permission);
    }
  });
});

describe('owesPayment: only a recurrent licence whose subscription owes a payment can restrict the agent', () => {
  it.each<[LicenceFacts['flow'], ProviderStatus | null, boolean]>([
    ['recurrent', 'past_due', true],
    ['recurrent', 'unpaid', true],
    ['recurrent', 'active', false],
    ['recurrent', 'canceled', false],
    ['recurrent', null, false],
    ['single', null, false],
    ['obligation', null, false],
  ])('%s, %s → %s', (flow, providerStatus, owes) => {
    expect(owesPayment({ flow, providerStatus })).toBe(owes);
  });

  it('agrees with licenceState: whatever owes no payment is never restricted', () => {
    for (const providerStatus of [...PROVIDER_STATUSES, null]) {
      const facts = recurrent(providerStatus, daysAgo(400));
      if (!owesPayment(facts)) {
        expect(licenceState(facts, now, 0).restricted).toBe(false);
      }
    }
  });
});
