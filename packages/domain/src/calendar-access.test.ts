import { describe, expect, it } from 'vitest';
import { calendarAgentOf, mayBookInto, picksCalendarAgent } from './calendar-access.ts';
import type { RoleCode } from './roles.ts';

const ME = 7;
const OTHER = 9;

describe('whose calendar a user books into and reads', () => {
  it.each<[RoleCode, boolean, boolean, number | undefined, number | undefined]>([
    // role, picks an agent, may book into another agent's calendar, calendar read when asking for OTHER, … when asking for none
    ['admin', true, true, OTHER, undefined],
    ['call_agent', true, true, OTHER, undefined],
    ['sales_agent', false, false, ME, ME],
    ['independent_agent', false, false, ME, ME],
    ['prom_agent', false, false, ME, ME],
    ['partner', false, false, ME, ME],
    ['user', false, false, ME, ME],
    ['ocr_manager', false, false, ME, ME],
  ])('%s', (role, picks, other, readOther, readNone) => {
    const user = { role, userId: ME };
    expect(picksCalendarAgent(role)).toBe(picks);
    expect(mayBookInto(user, OTHER)).toBe(other);
    expect(mayBookInto(user, ME)).toBe(true);
    expect(calendarAgentOf(user, OTHER)).toBe(readOther);
    expect(calendarAgentOf(user, undefined)).toBe(readNone);
  });
});
