import { comparePrepared, mayMatch, preparedForm, prepareRecord, type MatchRecord } from '@bo/domain';
import type { Tx } from '../../db/client.ts';
import { swissPostcodes } from '../../core/postcodes.ts';
import { matchCandidateRows, type CandidateRow } from './matches.repo.ts';
import { candidateProbe, MATCHES_LIMIT } from './matches.service.ts';

/** A client a probe may be, by id (the import keeps these; the summary is read when shown). */
export interface ClientMatchRef {
  clientId: number;
  score: number;
  reasons: string[];
}

type Candidates = CandidateRow[];

/** How many chunks' statements are under way at once. */
const AHEAD = 2;

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
export async function findClientMatchesInBatches(
  tx: Tx,
  /** An array, or a view that makes a chunk's probes when asked (so a hundred thousand are not all held). */
  probes: { readonly length: number; slice(from: number, to: number): MatchRecord[] },
  opts: { chunk?: number; keep?: number; onProgress?: (done: number) => Promise<void> } = {},
): Promise<ClientMatchRef[][]> {
  const chunk = opts.chunk ?? 1_000;
  const keep = Math.min(opts.keep ?? MATCHES_LIMIT, MATCHES_LIMIT);
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
        const candidate = preparedForm(row);
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
  return answer;
}
