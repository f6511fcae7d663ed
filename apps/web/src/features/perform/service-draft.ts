import { serviceFinishProblems, type EventDetailDto } from '@bo/domain';
import { instantOfZurichInput, lineBodyOf, type ServiceBody } from './body.ts';
import { lineDraftOf, lineKey, lineWithStatus, type LineDraft, type LinePatch } from './draft.ts';

/** Spec 3 "Service finish payload", as the page edits it. */
export interface ServiceDraft {
  was_at_home: boolean | null;
  /** Zurich wall time `YYYY-MM-DDTHH:mm`; empty for no recall. */
  recall_time: string;
  has_order: boolean | null;
  lines: LineDraft[];
  comments: string;
}

export type ServiceAction =
  | { type: 'set'; patch: Partial<Omit<ServiceDraft, 'lines'>> }
  | { type: 'addLine'; line: Omit<LineDraft, 'key'> }
  | { type: 'updateLine'; key: string; patch: LinePatch }
  | { type: 'removeLine'; key: string };

export function initialServiceDraft(event: EventDetailDto): ServiceDraft {
  return {
    was_at_home: event.was_at_home,
    recall_time: '',
    has_order: event.presentation_products.length > 0 ? true : null,
    lines: event.presentation_products.map(lineDraftOf),
    comments: '',
  };
}

export function serviceReducer(d: ServiceDraft, action: ServiceAction): ServiceDraft {
  switch (action.type) {
    case 'set':
      return { ...d, ...action.patch };
    case 'addLine':
      return { ...d, lines: [...d.lines, lineWithStatus({ ...action.line, key: lineKey() }, {})] };
    case 'updateLine':
      return { ...d, lines: d.lines.map((l) => (l.key === action.key ? lineWithStatus(l, action.patch) : l)) };
    case 'removeLine':
      return { ...d, lines: d.lines.filter((l) => l.key !== action.key) };
  }
}

/** What finishing sends: a recall only when the client was not at home, lines only with an order. */
export function serviceBodyOf(d: ServiceDraft): ServiceBody {
  const home = d.was_at_home === true;
  const order = home && d.has_order === true;
  return {
    was_at_home: home,
    recall_time: !home && d.recall_time ? (instantOfZurichInput(d.recall_time)?.toISOString() ?? null) : null,
    has_order: order,
    order_products: order ? d.lines.map(lineBodyOf) : [],
    comments: d.comments,
  };
}

/** The answers the service page needs before it can finish, as field errors; the server's own rules among them. */
export function serviceProblems(d: ServiceDraft, now: Date): Record<string, string> {
  const out: Record<string, string> = {};
  const body = serviceBodyOf(d);
  const server = serviceFinishProblems(
    {
      was_at_home: body.was_at_home,
      recall_time: body.recall_time ?? null,
      has_order: body.has_order ?? false,
      order_products: body.order_products ?? [],
    },
    now,
  );
  if (d.was_at_home === null) {
    out.was_at_home = 'field_is_required';
  }
  if (d.was_at_home === false && d.recall_time) {
    const problem = instantOfZurichInput(d.recall_time) ? server.recall_time : 'invalid_value';
    if (problem) {
      out.recall_time = problem;
    }
  }
  if (d.was_at_home === true && d.has_order === null) {
    out.has_order = 'field_is_required';
  }
  if (d.was_at_home === true && d.has_order === true) {
    if (server.order_products) {
      out.order_products = server.order_products;
    }
    d.lines.forEach((l, i) => {
      for (const field of ['price', 'rec_price', 'years_of_guarantee'] as const) {
        const v = l[field];
        if (v !== null && !Number.isFinite(v)) {
          out[`order_products.${i}.${field}`] = 'invalid_value';
        }
      }
    });
  }
  return out;
}
