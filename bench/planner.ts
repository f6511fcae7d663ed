/**
 * The visit planner's search at scale (docs/performance.md "Visit planner"): 200 field agents living at
 * random Swiss places, 28 days of 6 booked visits a day each (33,600 visits near their homes), the
 * offline travel model; for 100 new clients at random places, the top 5 suggestions. Timed per request
 * from the loaded days to the answer (the server's work after its database reads, which are measured
 * by the API tests' timings, not here). Also checks every answer against the hard rules.
 *
 *   npx tsx bench/planner.ts [requests] [agents]
 *
 * With BENCH_PLANNER_ROUTING=stalled the routing is a provider that never answers: every answer is then
 * made by the deadline from the offline model's estimate (docs/planner.md "Bounded in time").
 */
import { swissPostcodes } from '../apps/api/src/core/postcodes.ts';
import { offlineTravelTimes, type TravelTimes } from '../apps/api/src/integrations/routing/index.ts';
import { searchPlanner, type SearchAgent, type SearchStop } from '../apps/api/src/modules/planner/index.ts';
import { addDays, hardViolations, PLANNER, zurichInstant } from '../packages/domain/src/index.ts';

const requests = Number(process.argv[2] ?? 100);
const agentCount = Number(process.argv[3] ?? 200);
const DAYS = 28;
const VISITS_PER_DAY = 6;

// A seeded generator, so two runs time the same work.
let seed = 20261127;
const rand = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const places = swissPostcodes().rows;
const place = () => places[Math.floor(rand() * places.length)]!;
/** A place within about 40 km of `p` (or p itself when none is drawn). */
const near = (p: { lat: number; lng: number }) => {
  for (let i = 0; i < 20; i++) {
    const q = place();
    if (Math.abs(q.lat - p.lat) < 0.35 && Math.abs(q.lng - p.lng) < 0.5) {
      return q;
    }
  }
  return p;
};

const startDate = '2027-03-01'; // a Monday; "now" is the Sunday before
const now = Math.floor(zurichInstant(2027, 2, 28, 12).getTime() / 1000);
const endDate = addDays(startDate, DAYS - 1);

const agents: SearchAgent[] = [];
const stops: SearchStop[] = [];
for (let a = 1; a <= agentCount; a++) {
  const home = place();
  agents.push({ id: a, home: { lat: home.lat, lon: home.lng }, primary: rand() < 0.01 });
  for (let d = 0; d < DAYS; d++) {
    const [y, m, day] = addDays(startDate, d).split('-').map(Number) as [number, number, number];
    // Six visits from 07:30: demos of 2 h and shorter services, 0–45 min apart (a full day).
    let t = Math.floor(zurichInstant(y, m, day, 7, 30).getTime() / 1000) + Math.floor(rand() * 4) * 900;
    for (let v = 0; v < VISITS_PER_DAY; v++) {
      const demo = rand() < 0.5;
      const len = demo ? 7200 : 2700;
      const at = near(home);
      stops.push({
        agentId: a,
        type: demo ? 'demo' : 'service',
        eventId: stops.length + 1,
        start: t,
        end: t + len,
        point: { lat: at.lat, lon: at.lng },
      });
      t += len + Math.floor(rand() * 4) * 900;
    }
  }
}

const period = {
  startDate,
  endDate,
  startTime: PLANNER.startTime,
  endTime: PLANNER.endTime,
  enabledWeekdays: [...PLANNER.enabledWeekdays],
  dates: null,
  pinnedWeekday: null,
  selectedDate: null,
  separateDates: [],
};
const travel: TravelTimes =
  process.env.BENCH_PLANNER_ROUTING === 'stalled' ? { provider: 'osrm', table: () => new Promise(() => undefined) } : offlineTravelTimes();
const blocked = new Set<string>();
for (let i = 0; i < agentCount * 2; i++) {
  blocked.add(`${1 + Math.floor(rand() * agentCount)}|${addDays(startDate, Math.floor(rand() * DAYS))}`);
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

/** The top 5 for a new client at a random place, with the deadline from `t0` as a request has it. */
function suggest(t0: number) {
  const c = place();
  return searchPlanner(travel, {
    client: { lat: c.lat, lon: c.lng },
    agents,
    stops,
    blocked,
    period,
    now,
    limit: 5,
    deadlineAt: t0 + PLANNER.deadlineMs,
  });
}

async function main(): Promise<void> {
  // Warm-up: the postcode grid and the JIT, as a running server has them.
  for (let i = 0; i < 5; i++) {
    await suggest(performance.now());
  }
  const times: number[] = [];
  let partial = 0;
  let violations = 0;
  let found = 0;
  for (let r = 0; r < requests; r++) {
    const t0 = performance.now();
    const res = await suggest(t0);
    times.push(performance.now() - t0);
    partial += res.partial ? 1 : 0;
    found += res.top.length;
    for (const p of res.top) {
      const day = res.days.find((d) => d.day.agentId === p.agentId && d.day.date === p.date)!.day;
      violations += hardViolations(day, p.start, { enabledWeekdays: period.enabledWeekdays, notBefore: now }).length;
    }
  }
  console.log(
    JSON.stringify({
      agents: agentCount,
      days: DAYS,
      visits: stops.length,
      requests,
      p50ms: Math.round(quantile(times, 0.5) * 10) / 10,
      p95ms: Math.round(quantile(times, 0.95) * 10) / 10,
      maxMs: Math.round(Math.max(...times) * 10) / 10,
      partial,
      suggestionsPerRequest: found / requests,
      hardViolations: violations,
    }),
  );
}

await main();
