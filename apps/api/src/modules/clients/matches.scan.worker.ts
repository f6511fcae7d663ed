import { parentPort } from 'node:worker_threads';
// The duplicate engine alone, not the whole domain: the thread is ready sooner (0.1 s instead of 0.35 s of loading).
import { repeatFinder, type MatchRecord } from '@bo/domain/dedupe';
import { CandidateScorer, readRow, rowRecord, SCAN_COLUMNS, type ProbeMatch } from './matches.scan-rows.ts';

/**
 * The scoring thread of the scan of every client (matches.scan.ts): the scan sends the rows of the
 * clients that share a key with probes, as the database wrote them, with those probes' indexes; this
 * thread scores them (the costly half of the work) while the scan reads on, and answers each batch's
 * matches. Its first message is the probes (ProbesMessage), sent once the thread is started. Asked for
 * the probes' repeats among themselves, it finds them too, a few thousand probes at a time between the
 * batches: it starts on them while the scan still makes its table of keys.
 */

/** A batch of the scan: rows one after the other in `rows`, each ending at `rowEnds[r]`, its probes `probes[probeEnds[r-1]..probeEnds[r])`. */
export interface ScoreBatch {
  id: number;
  rows: Uint8Array<ArrayBuffer>;
  rowEnds: Int32Array<ArrayBuffer>;
  probes: Int32Array<ArrayBuffer>;
  probeEnds: Int32Array<ArrayBuffer>;
}

export interface ScoreAnswer {
  id: number;
  matches: ProbeMatch[];
}

/** The probes' repeats: probe i's earlier probes are `earlier[ends[i-1]..ends[i])`. */
export interface RepeatsAnswer {
  repeats: { ends: Int32Array<ArrayBuffer>; earlier: Int32Array<ArrayBuffer> };
}

/** The thread's first message: the probes, and whether their repeats among themselves are wanted. */
export interface ProbesMessage {
  records: readonly MatchRecord[];
  repeats: boolean;
}

/** Probes whose repeats are found in one turn (a few milliseconds; batches of the scan are scored between turns). */
const REPEAT_TURN = 2_000;

const port = parentPort!;
const starts = new Int32Array(SCAN_COLUMNS.length);
const ends = new Int32Array(SCAN_COLUMNS.length);
let scorer: CandidateScorer | null = null;

port.on('message', (message: ProbesMessage | ScoreBatch) => {
  if ('records' in message) {
    scorer = new CandidateScorer(message.records);
    if (message.repeats) {
      findRepeats(message.records, scorer);
    }
    return;
  }
  score(message, scorer!);
});

function score(batch: ScoreBatch, scorer: CandidateScorer): void {
  const buf = Buffer.from(batch.rows.buffer, batch.rows.byteOffset, batch.rows.byteLength);
  const matches: ProbeMatch[] = [];
  let pos = 0;
  let from = 0;
  for (let r = 0; r < batch.rowEnds.length; r += 1) {
    readRow(buf, pos, starts, ends);
    scorer.score(rowRecord(buf, starts, ends), batch.probes, from, batch.probeEnds[r]!, matches);
    pos = batch.rowEnds[r]!;
    from = batch.probeEnds[r]!;
  }
  const answer: ScoreAnswer = { id: batch.id, matches };
  port.postMessage(answer);
}

/** The probes' repeats, REPEAT_TURN probes a turn (the batches that come meanwhile are scored between turns), answered once all are found. */
function findRepeats(records: readonly MatchRecord[], scorer: CandidateScorer): void {
  // The probes' compared forms are the scorer's: made once for both.
  const find = repeatFinder(records, scorer.postcodes, (i) => scorer.probe(i));
  const until = new Int32Array(records.length);
  const earlier: number[] = [];
  let next = 0;
  const turn = () => {
    for (const to = Math.min(records.length, next + REPEAT_TURN); next < to; next += 1) {
      for (const j of find(next)) {
        earlier.push(j);
      }
      until[next] = earlier.length;
    }
    if (next < records.length) {
      setImmediate(turn);
      return;
    }
    const answer: RepeatsAnswer = { repeats: { ends: until, earlier: Int32Array.from(earlier) } };
    port.postMessage(answer, [answer.repeats.ends.buffer, answer.repeats.earlier.buffer]);
  };
  setImmediate(turn);
}
