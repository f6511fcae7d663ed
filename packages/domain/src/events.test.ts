import { describe, expect, it } from 'vitest';
import {
  clientStatusAfterPresentation,
  deriveDemoOutcome,
  EVENT_COLOURS,
  eventColour,
  eventPeriodRange,
  eventsOverlap,
  FINAL_STEP_IDS,
  FLOW_STEP_IDS,
  FLOW_STEPS,
  flowStepsFor,
  fromCommaList,
  nextFlowStep,
  normaliseProductLine,
  reminderSchedule,
  repaymentTypeFor,
  statusAfterOutcome,
  termsAfterLines,
  toCommaList,
  visibleStepOf,
  workingTimeRefusal,
  type CalendarRefusal,
  type DemoOutcome,
  type FlowAnswers,
  type FlowStep,
  type FlowStepId,
  type OrderTerms,
  type PresentationStatus,
  type ProductLineStatus,
} from './events.ts';
import { zurichInstant } from './zurich-time.ts';

describe('eventColour (spec 4: success green, canceled pink, remeet orange, planned blue, others grey)', () => {
  it.each<[string | null | undefined, string]>([
    ['success', EVENT_COLOURS.success],
    ['canceled', EVENT_COLOURS.canceled],
    ['remeet', EVENT_COLOURS.remeet],
    ['planned', EVENT_COLOURS.planned],
    ['done', EVENT_COLOURS.other],
    ['', EVENT_COLOURS.other],
    [null, EVENT_COLOURS.other],
    [undefined, EVENT_COLOURS.other],
    // Names an object has by inheritance are "others" too, not a way to reach its prototype.
    ['constructor', EVENT_COLOURS.other],
    ['toString', EVENT_COLOURS.other],
  ])('%s shows %s', (status, colour) => {
    expect(eventColour(status)).toBe(colour);
  });
});

describe('deriveDemoOutcome (spec 4: derived on load)', () => {
  it.each<[string, number | null, number, DemoOutcome | null, string]>([
    ['canceled', null, 0, 'canceled', 'canceled when the status is canceled'],
    ['canceled', 12, 2, 'canceled', 'canceled wins over a follow-up and recalls'],
    ['remeet', 12, 0, 'remeet', 'remeet when a follow-up presentation exists'],
    ['remeet', 12, 1, 'remeet', 'a follow-up wins over a recall history'],
    ['remeet', null, 1, 'recall', 'recall when a recall history exists'],
    ['success', null, 0, null, 'otherwise none (held)'],
    ['planned', null, 0, null, 'otherwise none (planned)'],
    ['remeet', null, 0, null, 'otherwise none (no follow-up, no recall)'],
  ])('%s, follow-up %s, %s recalls → %s (%s)', (status, remeet_presentation_id, recall_count, outcome) => {
    expect(deriveDemoOutcome({ status, remeet_presentation_id, recall_count })).toBe(outcome);
  });
});

describe('statusAfterOutcome', () => {
  it.each<[boolean, DemoOutcome | null, PresentationStatus]>([
    [true, null, 'success'],
    [false, null, 'canceled'],
    [false, 'canceled', 'canceled'],
    [false, 'remeet', 'remeet'],
    // A recall is not a loss: orange like a remeet; its recall history tells them apart.
    [false, 'recall', 'remeet'],
    [true, 'canceled', 'canceled'],
  ])('held %s with outcome %s ends %s', (held, outcome, status) => {
    expect(statusAfterOutcome(held, outcome)).toBe(status);
  });

  it('round-trips with deriveDemoOutcome for every outcome of a visit that did not take place', () => {
    const stored = (outcome: DemoOutcome) => ({
      status: statusAfterOutcome(false, outcome),
      remeet_presentation_id: outcome === 'remeet' ? 7 : null,
      recall_count: outcome === 'recall' ? 1 : 0,
    });
    for (const outcome of ['canceled', 'recall', 'remeet'] as const) {
      expect(deriveDemoOutcome(stored(outcome))).toBe(outcome);
    }
  });
});

describe('repaymentTypeFor (spec 4: sell → money, rec → recommendation)', () => {
  it.each<[ProductLineStatus, string | null]>([
    ['sell', 'money'],
    ['rec', 'recommendation'],
    ['gift', null],
  ])('%s is repaid by %s', (status, type) => {
    expect(repaymentTypeFor(status)).toBe(type);
  });
});

describe("normaliseProductLine (spec 3: price defaults to the product's default_price unless overridden; rec_price only for rec)", () => {
  const base = { product_id: 3, quantity: 2 };
  it.each([
    {
      name: 'a sell line without a price takes the default price',
      line: { ...base, status: 'sell' as const },
      want: { price: 149000, rec_price: null, repayment_type: 'money' },
    },
    {
      name: 'a sell line with a price keeps it',
      line: { ...base, status: 'sell' as const, price: 120000 },
      want: { price: 120000, rec_price: null, repayment_type: 'money' },
    },
    {
      name: 'a price of 0 is an override, not "no price"',
      line: { ...base, status: 'sell' as const, price: 0 },
      want: { price: 0, rec_price: null, repayment_type: 'money' },
    },
    {
      name: 'a null price takes the default price',
      line: { ...base, status: 'sell' as const, price: null },
      want: { price: 149000, rec_price: null, repayment_type: 'money' },
    },
    {
      name: 'a sell line drops a rec_price',
      line: { ...base, status: 'sell' as const, rec_price: 5000 },
      want: { price: 149000, rec_price: null, repayment_type: 'money' },
    },
    {
      name: 'a rec line keeps its rec_price',
      line: { ...base, status: 'rec' as const, rec_price: 5000 },
      want: { price: 149000, rec_price: 5000, repayment_type: 'recommendation' },
    },
    {
      name: 'a rec line without a rec_price has none',
      line: { ...base, status: 'rec' as const },
      want: { price: 149000, rec_price: null, repayment_type: 'recommendation' },
    },
    {
      name: 'a gift costs nothing and has no rec_price, whatever the line says',
      line: { ...base, status: 'gift' as const, price: 9900, rec_price: 100 },
      want: { price: 0, rec_price: null, repayment_type: null },
    },
  ])('$name', ({ line, want }) => {
    expect(normaliseProductLine(line, 149000)).toEqual({
      product_id: 3,
      status: line.status,
      quantity: 2,
      years_of_guarantee: null,
      ...want,
    });
  });

  it('keeps the years of guarantee', () => {
    expect(normaliseProductLine({ ...base, status: 'sell', years_of_guarantee: 5 }, 100).years_of_guarantee).toBe(5);
    expect(normaliseProductLine({ ...base, status: 'sell', years_of_guarantee: 0 }, 100).years_of_guarantee).toBe(0);
  });
});

describe('termsAfterLines (spec 4: removing the last main product clears discount sums, payment method, contract number and bank commission)', () => {
  const terms: OrderTerms & { comments: string } = {
    discount_rec_sum: 20000,
    discount_rec_count: 4,
    payment_method: 'card',
    contract_number: 'V-2026-17',
    bank_processing_commission: 350,
    comments: 'stays',
  };

  it.each<[string, string[], boolean]>([
    ['a main product is left', ['main', 'gift'], true],
    ['two main products', ['main', 'main'], true],
    ['only other products and a gift', ['other', 'gift', 'hula'], false],
    ['no lines at all', [], false],
  ])('%s → terms kept: %s', (_name, types, kept) => {
    const after = termsAfterLines(terms, types);
    if (kept) {
      expect(after).toBe(terms);
    } else {
      expect(after).toEqual({
        discount_rec_sum: null,
        discount_rec_count: null,
        payment_method: null,
        contract_number: null,
        bank_processing_commission: 0,
        comments: 'stays',
      });
    }
  });
});

describe('flowStepsFor (spec 4: event flow steps)', () => {
  it.each<[string, boolean, FlowStep[]]>([
    ['planned', false, ['overview']],
    ['planned', true, ['overview']],
    ['success', false, ['overview', 'user_profile']],
    ['success', true, ['overview', 'order', 'user_profile', 'upload_contract']],
    ['canceled', true, ['overview']],
    ['remeet', false, ['overview']],
    ['something else', true, ['overview']],
  ])('%s, products %s → %j', (status, hasProducts, steps) => {
    expect(flowStepsFor(status, hasProducts)).toEqual(steps);
  });

  it('answers a fresh list each time (a caller may change it)', () => {
    const a = flowStepsFor('success', true);
    a.pop();
    expect(flowStepsFor('success', true)).toEqual([...FLOW_STEPS]);
  });
});

describe("internal step ids (spec 2: ids begin at '00', finals are '04' and '18')", () => {
  it('run from 00 to 18 without gaps', () => {
    // Sorted: JavaScript lists the keys '10'…'18' (canonical integers) before '00'…'09'.
    expect(Object.keys(FLOW_STEP_IDS).sort()).toEqual(Array.from({ length: 19 }, (_, i) => String(i).padStart(2, '0')));
    expect(FINAL_STEP_IDS).toEqual(['04', '18']);
  });

  it.each<[FlowStepId, FlowStep]>([
    ['00', 'overview'],
    ['03', 'overview'],
    ['04', 'overview'],
    ['09', 'overview'],
    ['10', 'order'],
    ['13', 'order'],
    ['14', 'user_profile'],
    ['16', 'user_profile'],
    ['17', 'upload_contract'],
    ['18', 'upload_contract'],
  ])('%s belongs to %s', (id, step) => {
    expect(visibleStepOf(id)).toBe(step);
  });
});

describe('nextFlowStep', () => {
  const none: FlowAnswers = {
    was_at_home: null,
    demo_outcome: null,
    saw_presentation: null,
    bought_product: null,
    bought_other_products: null,
    has_main_product: false,
  };
  const notHome: FlowAnswers = { ...none, was_at_home: false };
  const held: FlowAnswers = { ...none, was_at_home: true, saw_presentation: true };
  const boughtMain: FlowAnswers = { ...held, bought_product: true, bought_other_products: false, has_main_product: true };
  const boughtOther: FlowAnswers = { ...held, bought_product: false, bought_other_products: true };
  const boughtNothing: FlowAnswers = { ...held, bought_product: false, bought_other_products: false };

  /** Every step from '00' to a final one. */
  function path(a: FlowAnswers): FlowStepId[] {
    const steps: FlowStepId[] = ['00'];
    for (let next = nextFlowStep('00', a); next !== null; next = nextFlowStep(next, a)) {
      steps.push(next);
      expect(steps.length).toBeLessThan(20);
    }
    return steps;
  }

  it.each<[string, FlowAnswers, FlowStepId[]]>([
    ['not at home, canceled: no time to ask for', { ...notHome, demo_outcome: 'canceled' }, ['00', '01', '03', '04']],
    ['not at home, recall: asks when', { ...notHome, demo_outcome: 'recall' }, ['00', '01', '02', '03', '04']],
    ['not at home, remeet: asks when', { ...notHome, demo_outcome: 'remeet' }, ['00', '01', '02', '03', '04']],
    [
      'held, bought a main product: order, discount, payment, contract, profile, contract upload',
      boughtMain,
      ['00', '05', '06', '07', '08', '10', '11', '12', '13', '14', '15', '16', '17', '18'],
    ],
    [
      'held, bought only other products: no discount, payment or contract number',
      boughtOther,
      ['00', '05', '06', '07', '08', '10', '14', '15', '16', '17', '18'],
    ],
    ['held, bought nothing: reasons, profile, no contract', boughtNothing, ['00', '05', '06', '07', '08', '09', '14', '15', '16', '18']],
    [
      'at home but did not watch: straight to the profile',
      { ...none, was_at_home: true, saw_presentation: false },
      ['00', '05', '06', '07', '14', '15', '16', '18'],
    ],
  ])('%s', (_name, answers, steps) => {
    expect(path(answers)).toEqual(steps);
  });

  it('ends only at the final steps, and there', () => {
    for (const id of FINAL_STEP_IDS) {
      expect(nextFlowStep(id, boughtMain)).toBeNull();
    }
    for (const id of Object.keys(FLOW_STEP_IDS) as FlowStepId[]) {
      if (!FINAL_STEP_IDS.includes(id)) {
        expect(nextFlowStep(id, boughtMain)).not.toBeNull();
        expect(nextFlowStep(id, notHome)).not.toBeNull();
      }
    }
  });

  it('a visit that did not take place ends in the overview; a held one in the last visible step', () => {
    expect(visibleStepOf(path({ ...notHome, demo_outcome: 'recall' }).at(-1)!)).toBe('overview');
    expect(visibleStepOf(path(boughtMain).at(-1)!)).toBe('upload_contract');
  });

  it('every step of a held sale belongs to a step flowStepsFor shows for a success with products', () => {
    const shown = flowStepsFor(statusAfterOutcome(true, null), true);
    for (const id of path(boughtMain)) {
      expect(shown).toContain(visibleStepOf(id));
    }
  });
});

describe('toCommaList / fromCommaList (spec 3: list fields stored comma-separated)', () => {
  it.each<[readonly string[] | null | undefined, string | null]>([
    [['not_interested', 'maybe_later'], 'not_interested,maybe_later'],
    [[' young ', 'old'], 'young,old'],
    [['', '  ', 'old'], 'old'],
    [['a,b', 'c'], 'c'],
    [[], null],
    [null, null],
    [undefined, null],
  ])('%j is stored as %j', (values, stored) => {
    expect(toCommaList(values)).toBe(stored);
  });

  it.each<[string | null | undefined, string[]]>([
    ['not_interested,maybe_later', ['not_interested', 'maybe_later']],
    ['rec', ['rec']],
    ['a,,b,', ['a', 'b']],
    ['', []],
    [null, []],
    [undefined, []],
  ])('%j is read as %j', (stored, values) => {
    expect(fromCommaList(stored)).toEqual(values);
  });

  it('round-trips a list of reason codes', () => {
    const reasons = ['was_absent', 'dirty_house', 'already_has_water_system'];
    expect(fromCommaList(toCommaList(reasons))).toEqual(reasons);
  });
});

describe('workingTimeRefusal (spec 9: Monday to Saturday, starts 08:00 to 16:00 Zurich time)', () => {
  // 2026-01-12 is a Monday in winter (UTC+1); 2026-07-13 a Monday in summer (UTC+2).
  it.each<[string, string, CalendarRefusal | null]>([
    ['winter Monday 08:00', '2026-01-12T07:00:00Z', null],
    ['winter Monday 07:59', '2026-01-12T06:59:00Z', 'outside_working_hours'],
    ['winter Monday 16:00', '2026-01-12T15:00:00Z', null],
    ['winter Monday 16:01', '2026-01-12T15:01:00Z', 'outside_working_hours'],
    ['summer Monday 08:00', '2026-07-13T06:00:00Z', null],
    ['summer Monday 07:00 (08:00 in UTC+1 terms)', '2026-07-13T05:00:00Z', 'outside_working_hours'],
    ['summer Monday 16:00', '2026-07-13T14:00:00Z', null],
    ['summer Monday 17:00 (16:00 in UTC+1 terms)', '2026-07-13T15:00:00Z', 'outside_working_hours'],
    ['summer Saturday 12:00', '2026-07-18T10:00:00Z', null],
    ['summer Sunday 12:00', '2026-07-19T10:00:00Z', 'outside_working_days'],
    ['winter Sunday 10:00', '2026-01-18T09:00:00Z', 'outside_working_days'],
    // 23:30 UTC on Sunday is already Monday 00:30 in Zurich: a working day, but not working hours.
    ['Sunday 23:30 UTC = Monday 00:30 Zurich', '2026-01-18T23:30:00Z', 'outside_working_hours'],
    // 23:30 UTC on Saturday is Sunday 01:30 in summer.
    ['Saturday 23:30 UTC = Sunday 01:30 Zurich', '2026-07-18T23:30:00Z', 'outside_working_days'],
    ['Monday after the spring change, 08:00 CEST', '2026-03-30T06:00:00Z', null],
    ['Saturday before the spring change, 08:00 CET', '2026-03-28T07:00:00Z', null],
    ['Monday after the autumn change, 08:00 CET', '2026-10-26T07:00:00Z', null],
    ['Monday after the autumn change, 07:00 CET', '2026-10-26T06:00:00Z', 'outside_working_hours'],
  ])('%s → %s', (_name, iso, refusal) => {
    expect(workingTimeRefusal(new Date(iso))).toBe(refusal);
  });
});

describe('eventsOverlap (each starts before the other ends)', () => {
  const at = (h: number, m = 0) => new Date(Date.UTC(2026, 4, 4, h, m));
  const ev = (h: number, m = 0, lengthH = 2) => ({ start: at(h, m), end: at(h + lengthH, m) });
  it.each<[string, { start: Date; end: Date }, { start: Date; end: Date }, boolean]>([
    ['the same slot', ev(8), ev(8), true],
    ['starts in the middle', ev(8), ev(9), true],
    ['one inside the other', ev(8, 0, 4), ev(9, 0, 1), true],
    ['one ends when the next starts', ev(8), ev(10), false],
    ['far apart', ev(8), ev(14), false],
    ['one minute overlap', ev(8), ev(9, 59), true],
  ])('%s → %s (both ways)', (_name, a, b, overlap) => {
    expect(eventsOverlap(a, b)).toBe(overlap);
    expect(eventsOverlap(b, a)).toBe(overlap);
  });
});

describe('reminderSchedule (spec 4 SMS types)', () => {
  const start = new Date('2026-05-20T12:00:00Z');
  it.each<[string, string, (string | null)[]]>([
    [
      'booked days ahead: all three',
      '2026-05-15T08:00:00Z',
      ['2026-05-15T08:00:00.000Z', '2026-05-19T12:00:00.000Z', '2026-05-20T10:00:00.000Z'],
    ],
    [
      'booked the evening before: no day-before reminder',
      '2026-05-19T18:00:00Z',
      ['2026-05-19T18:00:00.000Z', null, '2026-05-20T10:00:00.000Z'],
    ],
    ['booked an hour before: only the confirmation', '2026-05-20T11:00:00Z', ['2026-05-20T11:00:00.000Z', null, null]],
    [
      'booked exactly 24 h before: that reminder would go now, so it is not sent',
      '2026-05-19T12:00:00Z',
      ['2026-05-19T12:00:00.000Z', null, '2026-05-20T10:00:00.000Z'],
    ],
  ])('%s', (_name, nowIso, sendAt) => {
    const schedule = reminderSchedule(start, new Date(nowIso));
    expect(schedule.map((s) => s.type)).toEqual(['appointment', 'first_reminder', 'second_reminder']);
    expect(schedule.map((s) => s.sendAt?.toISOString() ?? null)).toEqual(sendAt);
  });
});

describe('eventPeriodRange (spec 2 tabs past, today, week, month; Zurich days)', () => {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  it.each<[string, string, 'past' | 'today' | 'week' | 'month', string | null, string | null]>([
    ['winter afternoon, past', '2026-01-14T15:00:00Z', 'past', null, '2026-01-14T15:00:00.000Z'],
    ['winter afternoon, today', '2026-01-14T15:00:00Z', 'today', '2026-01-13T23:00:00.000Z', '2026-01-14T23:00:00.000Z'],
    ['summer afternoon, today', '2026-07-14T15:00:00Z', 'today', '2026-07-13T22:00:00.000Z', '2026-07-14T22:00:00.000Z'],
    // 23:30 UTC is already the next day in Zurich.
    ['late evening UTC, today', '2026-07-14T23:30:00Z', 'today', '2026-07-14T22:00:00.000Z', '2026-07-15T22:00:00.000Z'],
    ['week', '2026-01-14T15:00:00Z', 'week', '2026-01-13T23:00:00.000Z', '2026-01-20T23:00:00.000Z'],
    // The week crosses the spring change: it ends at midnight summer time.
    ['week across the spring change', '2026-03-27T10:00:00Z', 'week', '2026-03-26T23:00:00.000Z', '2026-04-02T22:00:00.000Z'],
    ['month (30 days)', '2026-01-14T15:00:00Z', 'month', '2026-01-13T23:00:00.000Z', '2026-02-12T23:00:00.000Z'],
  ])('%s', (_name, nowIso, period, from, to) => {
    const range = eventPeriodRange(period, new Date(nowIso));
    expect({ from: iso(range.from), to: iso(range.to) }).toEqual({ from, to });
  });

  it('today is one Zurich day long: 23 hours on the spring change, 25 on the autumn one', () => {
    const hours = (nowIso: string) => {
      const r = eventPeriodRange('today', new Date(nowIso));
      return (r.to!.getTime() - r.from!.getTime()) / 3_600_000;
    };
    expect(hours('2026-03-29T12:00:00Z')).toBe(23);
    expect(hours('2026-10-25T12:00:00Z')).toBe(25);
    expect(hours('2026-06-01T12:00:00Z')).toBe(24);
  });

  it('starts at the Zurich midnight zurichInstant gives', () => {
    expect(eventPeriodRange('today', new Date('2026-07-14T15:00:00Z')).from).toEqual(zurichInstant(2026, 7, 14));
  });
});

describe('clientStatusAfterPresentation (spec 4 client statuses)', () => {
  it.each<[PresentationStatus, boolean, boolean, string | null]>([
    ['success', true, false, 'buy_product'],
    ['success', true, true, 'buy_product'],
    ['success', false, true, 'buy_other_products'],
    ['success', false, false, 'not_buy'],
    ['canceled', false, false, 'decline_presentation'],
    ['canceled', true, true, 'decline_presentation'],
    ['remeet', false, false, null],
    ['planned', false, false, null],
  ])('%s, main %s, other %s → %s', (status, main, other, clientStatus) => {
    expect(clientStatusAfterPresentation(status, { main, other })).toBe(clientStatus);
  });
});
