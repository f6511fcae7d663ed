import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  becomesLead,
  canChangeRecommendationStatus,
  canDeleteRecommendation,
  canPayRecommendation,
  recommendationActions,
  recommendationCounters,
  type RecommendationRights,
} from './recommendations.ts';
import { RECOMMENDATION_STATUSES, type RecommendationStatus } from './schemas/clients.ts';
import { createRecommendationBody, recommendationsQuery, updateRecommendationBody } from './schemas/recommendations.ts';
import { fieldValidationFrom } from './validation.ts';

const S = RECOMMENDATION_STATUSES;

// Every pair of spec 4's statuses: forward one step, or declined from an open step; approved and declined are final.
const ALLOWED: Record<RecommendationStatus, RecommendationStatus[]> = {
  unconfirmed: ['unconfirmed', 'confirmed', 'declined'],
  confirmed: ['confirmed', 'pending', 'declined'],
  pending: ['pending', 'approved', 'declined'],
  approved: ['approved'],
  declined: ['declined'],
};

describe('canChangeRecommendationStatus', () => {
  it.each(S.flatMap((from) => S.map((to) => [from, to, ALLOWED[from].includes(to)] as const)))('%s → %s: %s', (from, to, expected) => {
    expect(canChangeRecommendationStatus(from, to)).toBe(expected);
  });
});

describe('becomesLead', () => {
  it.each<[RecommendationStatus, RecommendationStatus, boolean, boolean]>([
    ['unconfirmed', 'confirmed', false, true],
    ['unconfirmed', 'confirmed', true, false],
    ['confirmed', 'confirmed', false, false],
    ['unconfirmed', 'declined', false, false],
    ['confirmed', 'pending', false, false],
  ])('%s → %s with a lead already %s: %s', (from, to, hasLead, expected) => {
    expect(becomesLead(from, to, hasLead)).toBe(expected);
  });
});

describe('delete and pay', () => {
  it.each(S.map((s) => [s, s === 'unconfirmed', s === 'approved'] as const))('%s: delete %s, pay %s', (status, del, pay) => {
    expect(canDeleteRecommendation(status)).toBe(del);
    expect(canPayRecommendation(status)).toBe(pay);
  });
});

describe('recommendationActions', () => {
  const client: RecommendationRights = { isClient: true, manage: true, setStatus: false, pay: false };
  const agent: RecommendationRights = { isClient: false, manage: true, setStatus: true, pay: false };
  const admin: RecommendationRights = { isClient: false, manage: true, setStatus: true, pay: true };
  const partner: RecommendationRights = { isClient: false, manage: false, setStatus: false, pay: false };

  it.each<[string, RecommendationRights, RecommendationStatus, ReturnType<typeof recommendationActions>]>([
    ['client', client, 'unconfirmed', { edit: true, delete: true, pay: false, statuses: [] }],
    ['client', client, 'confirmed', { edit: false, delete: false, pay: false, statuses: [] }],
    ['agent', agent, 'unconfirmed', { edit: true, delete: true, pay: false, statuses: ['confirmed', 'declined'] }],
    ['agent', agent, 'approved', { edit: true, delete: false, pay: false, statuses: [] }],
    ['admin', admin, 'approved', { edit: true, delete: false, pay: true, statuses: [] }],
    ['admin', admin, 'pending', { edit: true, delete: false, pay: false, statuses: ['approved', 'declined'] }],
    ['partner', partner, 'unconfirmed', { edit: false, delete: false, pay: false, statuses: [] }],
  ])('%s on %s', (_who, rights, status, expected) => {
    expect(recommendationActions(status, rights)).toEqual(expected);
  });
});

describe('recommendationCounters', () => {
  it('adds the groups into the seven counters of spec 3', () => {
    expect(
      recommendationCounters([
        { status: 'approved', paid: true, count: 2 },
        { status: 'approved', paid: false, count: 1 },
        { status: 'unconfirmed', paid: false, count: 4 },
        { status: 'declined', paid: false, count: 1 },
        { status: 'pending', paid: false, count: 3 },
      ]),
    ).toEqual({ totalRec: 11, paidRec: 2, approved: 3, declined: 1, confirmed: 0, unconfirmed: 4, pending: 3 });
  });

  it('is all zero without recommendations', () => {
    expect(recommendationCounters([])).toEqual({
      totalRec: 0,
      paidRec: 0,
      approved: 0,
      declined: 0,
      confirmed: 0,
      unconfirmed: 0,
      pending: 0,
    });
  });
});

type Outcome = Record<string, string> | 'ok';
function keysOf(schema: z.ZodType, value: unknown): Outcome {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : fieldValidationFrom(result.error.issues);
}

describe('recommendationsQuery', () => {
  it('defaults to 25 a page, newest first (spec 9)', () => {
    expect(recommendationsQuery.parse({})).toEqual({ limit: 25, offset: 0, orderBy: 'created_at', orderMethod: 'desc' });
  });

  it.each<[Record<string, string>, Outcome]>([
    [{ user_id: '12', status: 'pending', orderBy: 'name', orderMethod: 'asc' }, 'ok'],
    [{ user_id: 'abc' }, { user_id: 'invalid_value' }],
    [{ status: 'paid' }, { status: 'invalid_value' }],
    [{ orderBy: 'phone' }, { orderBy: 'invalid_value' }],
  ])('%j → %j', (query, expected) => {
    expect(keysOf(recommendationsQuery, query)).toEqual(expected);
  });
});

describe('createRecommendationBody', () => {
  it.each<[Record<string, unknown>, Outcome]>([
    [{ name: 'Anna', phone: '079 123 45 67' }, 'ok'],
    [{ name: 'Anna', email: 'anna@example.ch' }, 'ok'],
    [{ name: '', phone: '079 123 45 67' }, { name: 'field_is_required' }],
    [{ name: 'Anna' }, { phone: 'field_is_required', email: 'field_is_required' }],
    [{ name: 'Anna', phone: '12345' }, { phone: 'invalid_phone' }],
    [{ name: 'Anna', phone: '079 000 00 0' }, { phone: 'invalid_phone' }],
    [{ name: 'Anna', email: 'anna@' }, { email: 'invalid_email' }],
    [{ name: 'Anna', email: 'a@b.ch', zipcode: '80O1' }, { zipcode: 'invalid_value' }],
    [{ name: 'x'.repeat(101), email: 'a@b.ch' }, { name: 'too_long' }],
    [{ name: 'Anna', email: 'a@b.ch', comment: 'x'.repeat(1001) }, { comment: 'too_long' }],
  ])('%j → %j', (body, expected) => {
    expect(keysOf(createRecommendationBody, body)).toEqual(expected);
  });

  it('trims, lowercases the e-mail and fills the optional fields', () => {
    expect(createRecommendationBody.parse({ name: ' Anna ', email: ' Anna@Example.CH ' })).toEqual({
      name: 'Anna',
      surname: '',
      phone: '',
      email: 'anna@example.ch',
      city: '',
      zipcode: '',
      address: '',
      comment: '',
    });
  });
});

describe('updateRecommendationBody', () => {
  it.each<[Record<string, unknown>, Outcome]>([
    [{}, 'ok'],
    [{ status: 'confirmed' }, 'ok'],
    [{ paid: true }, 'ok'],
    [{ status: 'paid' }, { status: 'invalid_value' }],
    [{ name: '' }, { name: 'field_is_required' }],
    [{ phone: 'abc' }, { phone: 'invalid_phone' }],
    [{ paid: 'yes' }, { paid: 'invalid_value' }],
  ])('%j → %j', (body, expected) => {
    expect(keysOf(updateRecommendationBody, body)).toEqual(expected);
  });
});
