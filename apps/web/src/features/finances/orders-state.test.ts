import { describe, expect, it } from 'vitest';
import {
  contractsToCheck,
  isSelected,
  NO_SELECTION,
  toggleAll,
  toggleEditable,
  toggleSelected,
  type OrderSelection,
} from './orders-state.ts';

const ann = { id: 7, name: 'Ann', surname: 'Agent' };
const bob = { id: 8, name: 'Bob', surname: 'Seller' };
const row = (id: number, agent: typeof ann | null = ann) => ({ id, agent });
const selected = (...rows: ReturnType<typeof row>[]): OrderSelection => ({ rows, agent: rows[0]?.agent ?? null });
const ids = (s: OrderSelection) => s.rows.map((r) => r.id);

describe('toggleSelected: ticks a row, or unticks it; the agent is the first ticked row’s (spec 4)', () => {
  const cases: [string, OrderSelection, ReturnType<typeof row>, number[], typeof ann | null][] = [
    ['the first row ticked gives its agent', NO_SELECTION, row(1, bob), [1], bob],
    ['a second row keeps the first row’s agent', selected(row(1, bob)), row(2, ann), [1, 2], bob],
    ['unticking the first row hands the agent to the next', selected(row(1, bob), row(2, ann)), row(1, bob), [2], ann],
    ['unticking the last row leaves no agent', selected(row(1, bob)), row(1, bob), [], null],
    ['a row without agent ticked first: no agent', NO_SELECTION, row(3, null), [3], null],
  ];
  it.each(cases)('%s', (_, before, order, after, agent) => {
    const next = toggleSelected(before, order);
    expect(ids(next)).toEqual(after);
    expect(next.agent).toEqual(agent);
  });
});

describe('toggleAll: ticks the page’s unticked rows, or unticks the page when all are ticked', () => {
  const page = [row(1, bob), row(2), row(3)];
  const cases: [string, OrderSelection, ReturnType<typeof row>[], number[], typeof ann | null][] = [
    ['nothing ticked: the whole page', NO_SELECTION, page, [1, 2, 3], bob],
    ['some ticked: the rest added after them', selected(row(3)), page, [3, 1, 2], ann],
    ['all ticked: the page unticked', selected(row(1, bob), row(2), row(3)), page, [], null],
    ['rows of another page stay ticked', selected(row(9, bob), row(1, bob), row(2), row(3)), page, [9], bob],
    ['an empty page ticks nothing', selected(row(9, bob)), [], [9], bob],
  ];
  it.each(cases)('%s', (_, before, rows, after, agent) => {
    const next = toggleAll(before, rows);
    expect(ids(next)).toEqual(after);
    expect(next.agent).toEqual(agent);
  });
});

describe('isSelected', () => {
  it.each([
    [NO_SELECTION, 1, false],
    [selected(row(1)), 1, true],
    [selected(row(1)), 2, false],
  ] as const)('%#: row %s', (selection, id, answer) => {
    expect(isSelected(selection, id)).toBe(answer);
  });
});

describe('toggleEditable: one row editable at a time; the same row again closes it (spec 4)', () => {
  it.each([
    [null, 5, 5],
    [5, 5, null],
    [5, 6, 6],
  ] as const)('editable %s, row %s → %s', (current, id, next) => {
    expect(toggleEditable(current, id)).toBe(next);
  });
});

describe('contractsToCheck: the selected orders whose contract is not checked yet (spec 5)', () => {
  const page = [
    { id: 1, checked_contract: false },
    { id: 2, checked_contract: true },
    { id: 3, checked_contract: false },
  ];
  const cases: [string, OrderSelection, number[]][] = [
    ['no selection: nothing', NO_SELECTION, []],
    ['checked ones are left out', selected(row(1), row(2), row(3)), [1, 3]],
    ['in the order they were ticked', selected(row(3), row(1)), [3, 1]],
    ['a selected row of another page is kept (the server decides)', selected(row(9), row(2)), [9]],
  ];
  it.each(cases)('%s', (_, selection, expected) => {
    expect(contractsToCheck(selection, page)).toEqual(expected);
  });
});
