import {
  BAD_QUALITY_REASONS,
  deriveDemoOutcome,
  DONT_BUY_REASONS,
  DONT_SAW_REASONS,
  FINAL_STEP_IDS,
  nextFlowStep,
  PAYMENT_METHODS,
  REJECT_GIFT_REASONS,
  repaymentTypeFor,
  termsAfterLines,
  type DemoOutcome,
  type EventDetailDto,
  type FileDto,
  type FlowAnswers,
  type FlowStepId,
  type OrderTerms,
  type PaymentMethod,
  type ProductLineStatus,
  type ProductType,
} from '@bo/domain';
import { subUserOf, type ProfileDraft, type SubUserDraft } from './profile-draft.ts';

/** One order line as the agent edits it; money in Rappen, null = not set (the product's default price). */
export interface LineDraft {
  /** Only for React's list keys and edits; never sent. */
  key: string;
  product_id: number;
  product_type: ProductType;
  status: ProductLineStatus;
  quantity: number;
  years_of_guarantee: number | null;
  price: number | null;
  rec_price: number | null;
}

/** What the agent may change on a line: the product stays (remove the line to change it). */
export type LinePatch = Partial<Omit<LineDraft, 'key' | 'product_id' | 'product_type'>>;

type Reason<T extends readonly string[]> = T[number];

/** The whole answer of performing a presentation, kept in the tab until it is finished. */
export interface PresentationDraft extends OrderTerms {
  was_at_home: boolean | null;
  demo_outcome: DemoOutcome | null;
  /** Zurich wall time `YYYY-MM-DDTHH:mm` of the recall or the follow-up demo. */
  outcome_time: string;
  quality: 'good' | 'bad' | null;
  bad_quality_reason: Reason<typeof BAD_QUALITY_REASONS>[];
  bad_quality_reason_desc: string;
  got_gift: boolean | null;
  gift: number | null;
  rej_gift_reason_desc: Reason<typeof REJECT_GIFT_REASONS>[];
  saw_presentation: boolean | null;
  dont_saw_reason: Reason<typeof DONT_SAW_REASONS>[];
  dont_saw_reason_desc: string;
  bought_product: boolean | null;
  bought_other_products: boolean | null;
  dont_buy_reason: Reason<typeof DONT_BUY_REASONS>[];
  lines: LineDraft[];
  payment_method: PaymentMethod | null;
  first_payment_month: string;
  payment_installments: number | null;
  profile: ProfileDraft;
  /** The profile as loaded: only the fields that differ from it are sent. */
  profile_loaded: ProfileDraft;
  sub_user: SubUserDraft;
  had_sub_user: boolean;
  comments: string;
  documents: FileDto[];
}

export interface FlowState {
  draft: PresentationDraft;
  step: FlowStepId;
}

let keySeq = 0;
export function lineKey(): string {
  keySeq += 1;
  return `l${Date.now().toString(36)}${keySeq}`;
}

/** A stored line of the event, as the editor holds it. */
export function lineDraftOf(line: EventDetailDto['presentation_products'][number]): LineDraft {
  return {
    key: lineKey(),
    product_id: line.product_id,
    product_type: line.product.type as ProductType,
    status: line.status,
    quantity: line.quantity,
    years_of_guarantee: line.years_of_guarantee,
    // A price equal to the default one stays "default", so a later price change of the product applies.
    price: line.price === line.product.default_price ? null : line.price,
    rec_price: line.rec_price,
  };
}

function pick<T extends string>(values: readonly string[], allowed: readonly T[]): T[] {
  return values.filter((v): v is T => (allowed as readonly string[]).includes(v));
}

/** The draft an event starts with: what was saved on it, the demo outcome derived as spec 4 says. */
export function initialDraft(event: EventDetailDto, profile: ProfileDraft): PresentationDraft {
  return {
    was_at_home: event.was_at_home,
    demo_outcome: deriveDemoOutcome({
      status: event.status,
      remeet_presentation_id: event.remeet_presentation_id,
      recall_count: event.recall_history.length,
    }),
    outcome_time: '',
    quality: event.quality === 'good' || event.quality === 'bad' ? event.quality : null,
    bad_quality_reason: pick(event.bad_quality_reason, BAD_QUALITY_REASONS),
    bad_quality_reason_desc: event.bad_quality_reason_desc,
    got_gift: event.got_gift,
    gift: event.gift?.id ?? null,
    rej_gift_reason_desc: pick(event.rej_gift_reason_desc, REJECT_GIFT_REASONS),
    saw_presentation: event.saw_presentation,
    dont_saw_reason: pick(event.dont_saw_reason, DONT_SAW_REASONS),
    dont_saw_reason_desc: event.dont_saw_reason_desc,
    bought_product: event.bought_product,
    bought_other_products: event.bought_other_products,
    dont_buy_reason: pick(event.dont_buy_reason, DONT_BUY_REASONS),
    lines: event.presentation_products.map(lineDraftOf),
    discount_rec_sum: event.discount_rec_sum,
    discount_rec_count: event.discount_rec_count,
    payment_method: PAYMENT_METHODS.find((m) => m === event.payment_method) ?? null,
    contract_number: event.contract_number,
    bank_processing_commission: event.bank_processing_commission,
    first_payment_month: event.first_payment_month ?? '',
    payment_installments: event.payment_installments,
    profile,
    profile_loaded: profile,
    sub_user: subUserOf(event.sub_user),
    had_sub_user: event.sub_user !== null,
    comments: event.comment,
    documents: [],
  };
}

export function answersOf(d: PresentationDraft): FlowAnswers {
  return {
    was_at_home: d.was_at_home,
    demo_outcome: d.demo_outcome,
    saw_presentation: d.saw_presentation,
    bought_product: d.bought_product,
    bought_other_products: d.bought_other_products,
    has_main_product: orderTypes(d.lines).includes('main'),
  };
}

/** The internal steps from '00' to the final one the answers lead to. */
export function flowPath(d: PresentationDraft): FlowStepId[] {
  const answers = answersOf(d);
  const path: FlowStepId[] = ['00'];
  for (let next = nextFlowStep('00', answers); next !== null && path.length < 20; next = nextFlowStep(next, answers)) {
    path.push(next);
  }
  return path;
}

export const isFinal = (step: FlowStepId) => FINAL_STEP_IDS.includes(step);

export type DraftAction =
  | { type: 'set'; patch: Partial<Omit<PresentationDraft, 'lines'>> }
  | { type: 'addLine'; line: Omit<LineDraft, 'key'> }
  | { type: 'updateLine'; key: string; patch: LinePatch }
  | { type: 'removeLine'; key: string }
  | { type: 'addDocument'; file: FileDto }
  | { type: 'removeDocument'; id: string }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'goto'; step: FlowStepId }
  | { type: 'replace'; state: FlowState };

/** The product types an order holds: a product given away (status gift) is not sold, as the server counts it. */
export function orderTypes(lines: readonly Pick<LineDraft, 'product_type' | 'status'>[]): ProductType[] {
  return lines.filter((l) => l.status !== 'gift').map((l) => l.product_type);
}

/** After the lines changed: the order terms go with the last main product (spec 4). */
function withLines(d: PresentationDraft, lines: LineDraft[]): PresentationDraft {
  return termsAfterLines({ ...d, lines }, orderTypes(lines));
}

/** A line's status decides what it may carry: rec_price only on rec, no price on a gift. */
export function lineWithStatus(line: LineDraft, patch: Partial<LineDraft>): LineDraft {
  const next = { ...line, ...patch };
  return {
    ...next,
    rec_price: next.status === 'rec' ? next.rec_price : null,
    price: next.status === 'gift' ? null : next.price,
  };
}

export function flowReducer(state: FlowState, action: DraftAction): FlowState {
  const d = state.draft;
  switch (action.type) {
    case 'set':
      return { ...state, draft: { ...d, ...action.patch } };
    case 'addLine':
      return { ...state, draft: withLines(d, [...d.lines, lineWithStatus({ ...action.line, key: lineKey() }, {})]) };
    case 'updateLine':
      return {
        ...state,
        draft: withLines(
          d,
          d.lines.map((l) => (l.key === action.key ? lineWithStatus(l, action.patch) : l)),
        ),
      };
    case 'removeLine':
      return {
        ...state,
        draft: withLines(
          d,
          d.lines.filter((l) => l.key !== action.key),
        ),
      };
    case 'addDocument':
      return { ...state, draft: { ...d, documents: [...d.documents.filter((f) => f.id !== action.file.id), action.file] } };
    case 'removeDocument':
      return { ...state, draft: { ...d, documents: d.documents.filter((f) => f.id !== action.id) } };
    case 'next': {
      const next = nextFlowStep(state.step, answersOf(d));
      return next === null ? state : { ...state, step: next };
    }
    case 'back': {
      const path = flowPath(d);
      const at = path.indexOf(state.step);
      return at > 0 ? { ...state, step: path[at - 1]! } : state;
    }
    case 'goto':
      return flowPath(d).includes(action.step) ? { ...state, step: action.step } : state;
    case 'replace':
      return action.state;
  }
}

/** The repayment type a line shows, as the server stores it. */
export const repaymentOf = (line: Pick<LineDraft, 'status'>) => repaymentTypeFor(line.status);
