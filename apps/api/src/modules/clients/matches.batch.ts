import { comparePrepared, mayMatch, preparedForm, prepareRecord, repeatsAmong, type MatchRecord } from '@bo/domain';
import type { Tx } from '../../db/client.ts';
import { swissPostcodes } from '../../core/postcodes.ts';
import { matchCandidateRows, usersEstimate, type CandidateRow } from './matches.repo.ts';
import { findClientMatchesByScan } from './matches.scan.ts';
import { candidateProbe, MATCHES_LIMIT } from './matches.service.ts';

/** A client a probe may be, by id (the import keeps these; the summary is read when shown). */
export interface ClientMatchRef {
  clientId: number;
  score: number;
  reasons: string[];
}

type Candidates = CandidateRow[];

/** The probes as findClientMatchesInBatches takes them: an array, or a view that makes a chunk's probes when asked (so a hundred thousand are not all held). */
type Probes = { readonly length: number; slice(from: number, to: number): MatchRecord[] };

/**
 * `scanFrom`: from this many probes on the scan is used (by default when they are SCAN_FROM_SHARE of
 * the clients); `thread`: whether the scan scores in a thread of its own (by default from
 * SCORING_THREAD_FROM probes on).
 */
type BatchOptions = { chunk?: number; keep?: number; onProgress?: (done: number) => Promise<void>; scanFrom?: number; thread?: boolean };

/** How many chunks' statements are under way at once. */
const AHEAD = 2;

/**
 * The candidates are found by one scan of every client (matches.scan.ts) instead of the lookups when
 * the probes are at least this share of the clients: the scan's cost is the clients', the lookups' the
 * probes' (on the million clients of the bench both take about 5.5 s for 40,000 probes, and the scan
 * 10 s for 100,000 against about 14 s; docs/performance.md "The check by one scan of the clients").
 */
export const SCAN_FROM_SHARE = 1 / 20;

/** Whether `probes` probes are looked for by the scan (the clients' number as the planner estimates it). */
async function scanPays(tx: Tx, probes: number): Promise<boolean> {
  return probes >= (await usersEstimate(tx)) * SCAN_FROM_SHARE;
}

/**
 * findClientMatches for many probes among all clients (an import's rows): the same candidates (the
 * blocking statement with only the compared columns) and the same scoring, answering client ids
 * instead of summaries, at most `keep` a probe, best first. Each candidate is read once, so it is
 * prepared without the cache, and first asked whether it may match (mayMatch: most are no without
 * comparing names); only a match (a few in a hundred) is compared in full for its reasons. The probes
 * go `chunk` at a time, one statement each; the next chunk's statement runs in the database while this
 * chunk's candidates are scored here, so both the database and this process work. `onProgress` hears
 * how many are done.
 */
export async function findClientMatchesInBatches(tx: Tx, probes: Probes, opts: BatchOptions = {}): Promise<ClientMatchRef[][]> {
  return (await batchMatches(tx, probes, opts, false)).matches;
}

/**
 * findClientMatchesInBatches, and each probe's repeats: its earlier probes that are the same person
 * (repeatsAmong of the domain; an import's rows among themselves). Where the scan scores in its thread,
 * the thread finds them too, while the scan makes its table of keys.
 */
export async function findClientMatchesAndRepeats(
  tx: Tx,
  probes: Probes,
  opts: BatchOptions = {},
): Promise<{ matches: ClientMatchRef[][]; repeats: number[][] }> {
  const { matches, repeats } = await batchMatches(tx, probes, opts, true);
  return { matches, repeats: repeats ?? [] };
}

async function batchMatches(
  tx: Tx,
  probes: Probes,
  opts: BatchOptions,
  withRepeats: boolean,
): Promise<{ matches: ClientMatchRef[][]; repeats: number[][] | null }> {
  const chunk = opts.chunk ?? 1_000;
  const keep = Math.min(opts.keep ?? MATCHES_LIMIT, MATCHES_LIMIT);
  if (probes.length > 0 && (opts.scanFrom === undefined ? await scanPays(tx, probes.length) : probes.length >= opts.scanFrom)) {
    return findClientMatchesByScan(tx, probes, {
      keep,
      repeats: withRepeats,
      ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
      ...(opts.thread === undefined ? {} : { thread: opts.thread }),
    });
  }
  const answer: ClientMatchRef[][] = [];
  const postcodes = swissPostcodes();
  const fetch = (from: number): Promise<Candidates> => matchCandidateRows(tx, probes.slice(from, from + chunk).map(candidateProbe));
  // The statements of the next AHEAD chunks run while this chunk is scored (on the pool, each on a
  // connection of its own, so the database works on two at once; in a transaction they queue).
  const ahead: Promise<Candidates>[] = [];
  const queue = (from: number) => {
    if (from < probes.length) {
      const p = fetch(from);
      // A failure of a statement running ahead is answered when it is awaited, not as unhandled.
      p.catch(() => undefined);
      ahead.push(p);
    }
  };
  for (let k = 0; k < AHEAD; k += 1) {
    queue(k * chunk);
  }
  for (let from = 0; ahead.length > 0; from += chunk) {
    const rows = await ahead.shift()!;
    queue(from + AHEAD * chunk);
    const byProbe = new Map<number, Candidates>();
    for (const row of rows) {
      const list = byProbe.get(row.i) ?? [];
      list.push(row);
      byProbe.set(row.i, list);
    }
    probes.slice(from, from + chunk).forEach((probe, i) => {
      const found: ClientMatchRef[] = [];
      const prepared = prepareRecord(probe);
      for (const row of byProbe.get(i) ?? []) {
        const candidate = preparedForm(row, true);
        if (!mayMatch(prepared, candidate, postcodes)) {
          continue;
        }
        const result = comparePrepared(prepared, candidate, postcodes);
        if (result.isMatch) {
          found.push({ clientId: row.id, score: result.score, reasons: result.reasons });
        }
      }
      found.sort((a, b) => b.score - a.score || a.clientId - b.clientId);
      answer.push(found.slice(0, keep));
    });
    await opts.onProgress?.(Math.min(probes.length, from + chunk));
  }
  return { matches: answer, repeats: withRepeats ? repeatsAmong(probes.slice(0, probes.length), postcodes) : null };
}
