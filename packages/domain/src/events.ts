import { reminderSendTime } from './sms-timing.ts';
import type { ClientStatus } from './enums.ts';
import { zurichClock, zurichDayStart } from './zurich-time.ts';

/** Spec 3 and 4: events are presentations (demos) and service visits, booked into an agent's calendar. */
export const EVENT_TYPES = ['presentation', 'service'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const PRESENTATION_STATUSES = ['success', 'canceled', 'remeet', 'planned'] as const;
export type PresentationStatus = (typeof PRESENTATION_STATUSES)[number];

/** Spec 4 display colours: success green, canceled pink, remeet orange, planned blue, others grey. */
export const EVENT_COLOURS = {
  success: '#2e7d32',
  canceled: '#d81b60',
  remeet: '#ef6c00',
  planned: '#1565c0',
  other: '#757575',
} as const;

export function eventColour(status: string | null | undefined): string {
  // Own keys only: `in` would also find 'constructor' or 'toString' on the prototype.
  return status && Object.hasOwn(EVENT_COLOURS, status) ? EVENT_COLOURS[status as keyof typeof EVENT_COLOURS] : EVENT_COLOURS.other;
}

export const DEMO_OUTCOMES = ['canceled', 'recall', 'remeet'] as const;
export type DemoOutcome = (typeof DEMO_OUTCOMES)[number];

/** Spec 4: canceled when the status is canceled; remeet when a follow-up exists; recall when a recall history exists. */
export function deriveDemoOutcome(p: { status: string; remeet_presentation_id: number | null; recall_count: number }): DemoOutcome | null {
  if (p.status === 'canceled') {
    return 'canceled';
  }
  if (p.remeet_presentation_id !== null) {
    return 'remeet';
  }
  if (p.recall_count > 0) {
    return 'recall';
  }
  return null;
}

/**
 * The status a performed event ends with. Spec 4 names four statuses and three outcomes: a recall is
 * not a cancellation (the client is called again), so, like a remeet, it ends orange; its recall
 * history tells the two apart (deriveDemoOutcome).
 */
export function statusAfterOutcome(wasHeld: boolean, outcome: DemoOutcome | null): PresentationStatus {
  if (outcome === 'canceled') {
    return 'canceled';
  }
  if (outcome === 'remeet' || outcome === 'recall') {
    return 'remeet';
  }
  return wasHeld ? 'success' : 'canceled';
}

export const PRODUCT_LINE_STATUSES = ['sell', 'rec', 'gift'] as const;
export type ProductLineStatus = (typeof PRODUCT_LINE_STATUSES)[number];
export const REPAYMENT_TYPES = ['recommendation', 'money'] as const;
export type RepaymentType = (typeof REPAYMENT_TYPES)[number];

/** Spec 4: sell is paid in money, rec by recommendations; a gift is not repaid. */
export function repaymentTypeFor(status: ProductLineStatus): RepaymentType | null {
  if (status === 'sell') {
    return 'money';
  }
  return status === 'rec' ? 'recommendation' : null;
}

export interface ProductLineInput {
  product_id: number;
  status: ProductLineStatus;
  quantity: number;
  years_of_guarantee?: number | null;
  /** Rappen; null or absent takes the product's default price. */
  price?: number | null;
  rec_price?: number | null;
}

export interface ProductLine {
  product_id: number;
  status: ProductLineStatus;
  repayment_type: RepaymentType | null;
  quantity: number;
  years_of_guarantee: number | null;
  price: number;
  rec_price: number | null;
}

/**
 * A line as it is stored: repayment type from the status, the product's default price unless the line
 * sets one, rec_price only on a rec line, and a gift costs nothing.
 */
export function normaliseProductLine(line: ProductLineInput, defaultPrice: number): ProductLine {
  return {
    product_id: line.product_id,
    status: line.status,
    repayment_type: repaymentTypeFor(line.status),
    quantity: line.quantity,
    years_of_guarantee: line.years_of_guarantee ?? null,
    price: line.status === 'gift' ? 0 : (line.price ?? defaultPrice),
    rec_price: line.status === 'rec' ? (line.rec_price ?? null) : null,
  };
}

/** Spec 3 "Presentation and service draft": the order fields the last main product takes with it. */
export interface OrderTerms {
  discount_rec_sum: number | null;
  discount_rec_count: number | null;
  payment_method: string | null;
  contract_number: string | null;
  bank_processing_commission: number;
}

/** Spec 4: removing the last main product clears discount sums, payment method, contract number and bank commission. */
export function termsAfterLines<T extends OrderTerms>(terms: T, lineTypes: readonly string[]): T {
  if (lineTypes.includes('main')) {
    return terms;
  }
  return {
    ...terms,
    discount_rec_sum: null,
    discount_rec_count: null,
    payment_method: null,
    contract_number: null,
    bank_processing_commission: 0,
  };
}

/** Spec 2: the visible steps of performing an event. */
export const FLOW_STEPS = ['overview', 'order', 'user_profile', 'upload_contract'] as const;
export type FlowStep = (typeof FLOW_STEPS)[number];

/** Spec 4: planned → overview; success without products → overview and profile; with products → all; else overview. */
export function flowStepsFor(status: string, hasProducts: boolean): FlowStep[] {
  if (status === 'success') {
    return hasProducts ? [...FLOW_STEPS] : ['overview', 'user_profile'];
  }
  return ['overview'];
}

/**
 * The internal steps of the presentation flow (spec 2: ids from '00', finals '04' and '18'). A demo that
 * did not take place ends at '04'; a held one goes through the questions, the order, the client's profile
 * and the contract to '18'.
 */
export const FLOW_STEP_IDS = {
  '00': 'was_at_home',
  '01': 'demo_outcome',
  '02': 'outcome_time',
  '03': 'outcome_comment',
  '04': 'final_not_held',
  '05': 'quality',
  '06': 'gift',
  '07': 'saw_presentation',
  '08': 'bought',
  '09': 'dont_buy_reasons',
  '10': 'order_products',
  '11': 'discount',
  '12': 'payment',
  '13': 'contract_number',
  '14': 'user_profile',
  '15': 'sub_user',
  '16': 'comments',
  '17': 'upload_contract',
  '18': 'final_held',
} as const;
export type FlowStepId = keyof typeof FLOW_STEP_IDS;
export const FINAL_STEP_IDS: readonly FlowStepId[] = ['04', '18'];

/** Which visible step an internal step belongs to. */
export function visibleStepOf(id: FlowStepId): FlowStep {
  const n = Number(id);
  if (n <= 9) {
    return 'overview';
  }
  if (n <= 13) {
    return 'order';
  }
  return n <= 16 ? 'user_profile' : 'upload_contract';
}

export interface FlowAnswers {
  was_at_home: boolean | null;
  demo_outcome: DemoOutcome | null;
  saw_presentation: boolean | null;
  bought_product: boolean | null;
  bought_other_products: boolean | null;
  has_main_product: boolean;
}

/** The step after `id` given the answers so far; null after a final step. */
export function nextFlowStep(id: FlowStepId, a: FlowAnswers): FlowStepId | null {
  const bought = Boolean(a.bought_product) || Boolean(a.bought_other_products);
  switch (id) {
    case '00':
      return a.was_at_home === false ? '01' : '05';
    case '01':
      return a.demo_outcome === 'canceled' ? '03' : '02';
    case '02':
      return '03';
    case '03':
      return '04';
    case '07':
      return a.saw_presentation === false ? '14' : '08';
    case '08':
      return bought ? '10' : '09';
    case '09':
      return '14';
    case '10':
      return a.has_main_product ? '11' : '14';
    case '16':
      return bought ? '17' : '18';
    case '04':
    case '18':
      return null;
    case '05':
    case '06':
    case '11':
    case '12':
    case '13':
    case '14':
    case '15':
    case '17':
      return String(Number(id) + 1).padStart(2, '0') as FlowStepId;
  }
}

/** The list fields of the draft: the browser sends arrays, the server stores them comma-separated (spec 3). */
export function toCommaList(values: readonly string[] | null | undefined): string | null {
  const kept = (values ?? []).map((v) => v.trim()).filter((v) => v !== '' && !v.includes(','));
  return kept.length ? kept.join(',') : null;
}

export function fromCommaList(stored: string | null | undefined): string[] {
  return stored ? stored.split(',').filter((v) => v !== '') : [];
}

/** Spec 4 reason lists, as codes (the interface translates them). */
export const DONT_BUY_REASONS = [
  'not_interested',
  'not_enough_money',
  'very_expensive',
  'wife_wanted_husband_not',
  'husband_wanted_wife_not',
  'not_best_time',
  'need_time_to_think',
  'maybe_later',
  'dont_appreciate_quality',
  'dont_care_about_clean',
  'financing_provider_rejected',
  'didnt_manage_to_assure',
] as const;
export const DONT_SAW_REASONS = ['already_has', 'bad_finance', 'wont_watch', 'my_decision'] as const;
export const BAD_QUALITY_REASONS = [
  'was_absent',
  'young',
  'old',
  'bad_financial_status',
  'not_working',
  'dirty_house',
  'my_reason',
  'already_has_water_system',
] as const;
export const REJECT_GIFT_REASONS = ['rec', 'own_lead', 'dont_want_demo'] as const;
export const PRESENTATION_QUALITIES = ['good', 'bad'] as const;
export const PAYMENT_METHODS = ['bill', 'cash', 'card', 'byjuno', 'avior', 'omnicas'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Spec 9: a presentation lasts two hours; agents work Monday to Saturday, starting events 08:00 to 16:00. */
export const EVENT_LENGTH_S = 7200;
export const WORKING_WEEKDAYS = [1, 2, 3, 4, 5, 6] as const;
export const WORKING_HOURS = { firstStart: '08:00', lastStart: '16:00' } as const;

export type CalendarRefusal = 'outside_working_days' | 'outside_working_hours' | 'overlapping_event' | 'in_the_past';

/** Why an agent's event may not start at `start` (Zurich time), or null when it may. */
export function workingTimeRefusal(start: Date): CalendarRefusal | null {
  const c = zurichClock(start);
  if (!(WORKING_WEEKDAYS as readonly number[]).includes(c.weekday)) {
    return 'outside_working_days';
  }
  const minutes = c.hour * 60 + c.minute;
  const [fh, fm] = WORKING_HOURS.firstStart.split(':').map(Number) as [number, number];
  const [lh, lm] = WORKING_HOURS.lastStart.split(':').map(Number) as [number, number];
  return minutes < fh * 60 + fm || minutes > lh * 60 + lm ? 'outside_working_hours' : null;
}

/** Two events [start, start + length) overlap when each starts before the other ends. */
export function eventsOverlap(a: { start: Date; end: Date }, b: { start: Date; end: Date }): boolean {
  return a.start < b.end && b.start < a.end;
}

/** Statuses whose events hold the agent's time (a canceled or remeet event frees it). */
export const BUSY_STATUSES: readonly PresentationStatus[] = ['planned', 'success'];

/** SMS reminders of an event (spec 4 SMS types): a confirmation now, then one the day before and one two hours before. */
export const SMS_TYPES = ['appointment', 'first_reminder', 'second_reminder'] as const;
export type SmsType = (typeof SMS_TYPES)[number];
export const SMS_STATUSES = [
  'canceled',
  'accepted',
  'planned',
  'sending',
  'scheduled',
  'queued',
  'sent',
  'failed',
  'delivered',
  'undelivered',
] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

const REMINDER_LEAD_MS: Record<Exclude<SmsType, 'appointment'>, number> = {
  first_reminder: 24 * 3600_000,
  second_reminder: 2 * 3600_000,
};

/**
 * When each reminder of an event starting at `start` goes out: the confirmation now (it answers the
 * booking the client just agreed to), the reminders 24 h and 2 h before, moved out of the night by
 * `reminderSendTime` (sms-timing.ts). A reminder whose time has passed is not sent.
 */
export function reminderSchedule(start: Date, now: Date): { type: SmsType; sendAt: Date | null }[] {
  return [
    { type: 'appointment', sendAt: now },
    ...(['first_reminder', 'second_reminder'] as const).map((type) => ({
      type,
      sendAt: reminderSendTime(new Date(start.getTime() - REMINDER_LEAD_MS[type]), start, now),
    })),
  ];
}

/** Spec 2 events lists: tabs past, today, week and month. */
export const EVENT_PERIODS = ['past', 'today', 'week', 'month'] as const;
export type EventPeriod = (typeof EVENT_PERIODS)[number];

/** The time range of a tab, Zurich days: past is before now; today, week and month start at today's Zurich midnight. */
export function eventPeriodRange(period: EventPeriod, now: Date): { from: Date | null; to: Date | null } {
  switch (period) {
    case 'past':
      return { from: null, to: now };
    case 'today':
      return { from: zurichDayStart(now), to: zurichDayStart(now, 1) };
    case 'week':
      return { from: zurichDayStart(now), to: zurichDayStart(now, 7) };
    case 'month':
      return { from: zurichDayStart(now), to: zurichDayStart(now, 30) };
  }
}

/** Spec 2 presentations list pages and the counters of spec 3. */
export const PRESENTATION_PAGES = ['expired', 'future', 'successful', 'delivery', 'history'] as const;
export type PresentationPage = (typeof PRESENTATION_PAGES)[number];
export const PRESENTATION_PERIODS = ['future', 'expired'] as const;

/** The client status a performed presentation leaves (spec 4 client statuses). */
export function clientStatusAfterPresentation(status: PresentationStatus, bought: { main: boolean; other: boolean }): ClientStatus | null {
  if (status === 'success') {
    if (bought.main) {
      return 'buy_product';
    }
    return bought.other ? 'buy_other_products' : 'not_buy';
  }
  return status === 'canceled' ? 'decline_presentation' : null;
}

/** A booked demo hands the client from the call agents to the sales agents. */
export const STATUS_WHEN_BOOKED: ClientStatus = 'sale_agents';
