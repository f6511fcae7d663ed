import type { OrderDto } from '@bo/domain';

type Agent = OrderDto['agent'];

/**
 * The rows ticked in the orders table, in the order they were ticked. Spec 4: "selecting rows records
 * the agent of the first selected row" — the selection's agent is that row's agent.
 */
export interface OrderSelection {
  rows: readonly { id: number; agent: Agent }[];
  agent: Agent;
}

export const NO_SELECTION: OrderSelection = { rows: [], agent: null };

export function toggleSelected(selection: OrderSelection, order: { id: number; agent: Agent }): OrderSelection {
  const rows = selection.rows.some((r) => r.id === order.id)
    ? selection.rows.filter((r) => r.id !== order.id)
    : [...selection.rows, { id: order.id, agent: order.agent }];
  return { rows, agent: rows[0]?.agent ?? null };
}

/** Ticks every row of the page that is not ticked yet, or, when all are, unticks them. */
export function toggleAll(selection: OrderSelection, page: readonly { id: number; agent: Agent }[]): OrderSelection {
  const ids = new Set(selection.rows.map((r) => r.id));
  const allTicked = page.length > 0 && page.every((o) => ids.has(o.id));
  const rows = allTicked
    ? selection.rows.filter((r) => !page.some((o) => o.id === r.id))
    : [...selection.rows, ...page.filter((o) => !ids.has(o.id)).map((o) => ({ id: o.id, agent: o.agent }))];
  return { rows, agent: rows[0]?.agent ?? null };
}

export function isSelected(selection: OrderSelection, id: number): boolean {
  return selection.rows.some((r) => r.id === id);
}

/** Spec 4: one row is editable at a time; toggling an editable row's id a second time closes it. */
export function toggleEditable(current: number | null, id: number): number | null {
  return current === id ? null : id;
}

/**
 * The orders a bulk "check contracts" changes: the selected ones whose contract is not checked yet.
 * Spec 5: a bulk update with no selected rows does nothing.
 */
export function contractsToCheck(selection: OrderSelection, page: readonly Pick<OrderDto, 'id' | 'checked_contract'>[]): number[] {
  if (selection.rows.length === 0) {
    return [];
  }
  return selection.rows.filter((r) => !page.find((o) => o.id === r.id)?.checked_contract).map((r) => r.id);
}
