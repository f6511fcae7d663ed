import { describe, expect, it } from 'vitest';
import { MAKE_A_DEMO } from './enums.ts';
import { LEAD_OUTCOMES, leadHashOf, leadIdOf, leadOutcomeContact, type LeadOutcome } from './lead-flow.ts';
import { contactHistoryBody } from './schemas/client-record.ts';

const NOW = new Date('2026-03-10T09:00:00Z');
const TOMORROW = '2026-03-11T09:30:00.000Z';

describe('leadOutcomeContact', () => {
  it.each<[LeadOutcome, string, string]>([
    ['reached_interested', 'call', 'sale_agents'],
    ['not_reached', 'call', 'not_answered'],
    ['recall', 'recall', 'call_agents'],
    ['wrong_number', 'call', 'wrong_data'],
    ['not_interested', 'call', 'not_interested'],
  ])('%s records a %s and ends with status %s', (outcome, type, status) => {
    const check = leadOutcomeContact({ outcome, comment: ' Rückruf gewünscht ', recallAt: TOMORROW }, NOW);
    expect(check).toEqual({
      ok: true,
      body: {
        type,
        flow: 'lead_flow',
        time_to_call: null,
        comment: 'Rückruf gewünscht',
        recall_at: outcome === 'recall' ? TOMORROW : null,
        status,
      },
    });
  });

  it('covers every outcome, and each body passes the contact history schema of the server', () => {
    for (const outcome of LEAD_OUTCOMES) {
      const check = leadOutcomeContact({ outcome, comment: '', recallAt: TOMORROW }, NOW);
      expect(check.ok).toBe(true);
      if (check.ok) {
        expect(contactHistoryBody.safeParse(check.body).success).toBe(true);
      }
    }
  });

  it('keeps only a recall in the make-a-demo list of the call agents', () => {
    const staying = LEAD_OUTCOMES.filter((outcome) => {
      const check = leadOutcomeContact({ outcome, comment: '', recallAt: TOMORROW }, NOW);
      return check.ok && (MAKE_A_DEMO.statuses as readonly string[]).includes(check.body.status ?? '');
    });
    expect(staying).toEqual(['recall']);
  });

  it.each<[string | null, string]>([
    [null, 'field_is_required'],
    ['', 'field_is_required'],
    ['not a date', 'field_is_required'],
    ['2026-03-10T09:00:00Z', 'invalid_value'],
    ['2026-03-09T18:00:00Z', 'invalid_value'],
  ])('a recall at %j is refused with %s', (recallAt, key) => {
    expect(leadOutcomeContact({ outcome: 'recall', comment: '', recallAt }, NOW)).toEqual({
      ok: false,
      fieldValidation: { recall_at: key },
    });
  });

  it('refuses a comment longer than the server takes', () => {
    expect(leadOutcomeContact({ outcome: 'not_reached', comment: 'x'.repeat(2001), recallAt: null }, NOW)).toEqual({
      ok: false,
      fieldValidation: { comment: 'too_long' },
    });
  });
});

describe('lead hash', () => {
  it.each([1, 42, 2_147_483_647])('%i goes there and back', (id) => {
    expect(leadIdOf(leadHashOf(id))).toBe(id);
  });

  it.each([undefined, '', '0', '-3', '007', '12a', '1.5', '2147483648', '99999999999'])('%j is no lead', (hash) => {
    expect(leadIdOf(hash)).toBeUndefined();
  });
});
