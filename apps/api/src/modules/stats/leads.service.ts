import { periodMonths, zurichClock, zurichInstant, type LeadStatsDto, type LeadStatsQuery } from '@bo/domain';
import type { Db } from '../../db/client.ts';
import * as pre from './aggregate.service.ts';
import { leadCells, locationNames, type LeadCell } from './leads.repo.ts';
import { withoutJit } from './figures.repo.ts';

/** The stored `lead_dims` key back into its cell: "source|location id|status", empty for none. */
function cellOf(month: number, key: string, leads: number): LeadCell {
  const [source = '', location = '', status = ''] = key.split('|');
  return {
    month,
    leadSource: source === '' ? null : source,
    locationId: location === '' ? null : Number(location),
    status: status === '' ? null : status,
    leads,
  };
}

/** Per value of one dimension, the leads per month of the period and their sum; the most leads first. */
function byDimension<K extends string | number | null>(cells: LeadCell[], from: number, to: number, key: (c: LeadCell) => K) {
  const rows = new Map<K, number[]>();
  for (const c of cells) {
    const months = rows.get(key(c)) ?? rows.set(key(c), Array<number>(to - from + 1).fill(0)).get(key(c))!;
    months[c.month - from]! += c.leads;
  }
  return [...rows]
    .map(([value, months]) => ({ value, months, total: months.reduce((s, n) => s + n, 0) }))
    .sort((a, b) => b.total - a.total || String(a.value ?? '\uffff').localeCompare(String(b.value ?? '\uffff')));
}

/**
 * GET /api/stats/leads: the leads created in the period per month, by lead source, by location and by
 * their status now. From the pre-aggregated figures when the year's snapshot is fresh, else the plain
 * statement; both give the same cells (the property test holds them equal).
 */
export async function leadStats(db: Db, q: LeadStatsQuery, now = new Date()): Promise<LeadStatsDto> {
  const year = q.year ?? zurichClock(now).year;
  const from = q.from ?? 1;
  const to = q.to ?? 12;
  const at = await pre.freshSnapshot(db, year, now);
  const cells = at
    ? (await pre.rowsOf(db, { year, from, to, agentId: undefined, roles: [] }, ['lead_dims'])).map((r) =>
        cellOf(r.month, r.key, Number(r.values.leads ?? 0)),
      )
    : await withoutJit(db, (tx) => leadCells(tx, zurichInstant(year, from, 1), zurichInstant(year, to + 1, 1)));

  const total = Array<number>(to - from + 1).fill(0);
  for (const c of cells) {
    total[c.month - from]! += c.leads;
  }
  const locations = byDimension(cells, from, to, (c) => c.locationId);
  const names = await locationNames(
    db,
    locations.flatMap((l) => (l.value === null ? [] : [l.value])),
  );
  return {
    data: {
      year,
      from,
      to,
      charts: { months: periodMonths(year, from, to).map((month, i) => ({ month, leads: total[i]! })) },
      table: {
        by_source: byDimension(cells, from, to, (c) => c.leadSource).map(({ value, ...r }) => ({ lead_source: value, ...r })),
        by_location: locations.map(({ value, ...r }) => {
          const name = value === null ? undefined : names.get(value);
          return { location: value !== null && name !== undefined ? { id: value, name } : null, ...r };
        }),
        by_status: byDimension(cells, from, to, (c) => c.status).map(({ value, ...r }) => ({ status: value, ...r })),
        total: { months: total, total: total.reduce((s, n) => s + n, 0) },
      },
      computed_at: (at ?? now).toISOString(),
    },
  };
}
