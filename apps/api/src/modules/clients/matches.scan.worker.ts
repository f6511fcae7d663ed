import { parentPort, workerData } from 'node:worker_threads';
import type { MatchRecord } from '@bo/domain';
import { CandidateScorer, readRow, rowRecord, SCAN_COLUMNS, type ProbeMatch } from './matches.scan-rows.ts';

/**
 * The scoring thread of the scan of every client (matches.scan.ts): the scan sends the rows of the
 * clients that share a key with probes, as the database wrote them, with those probes' indexes; this
 * thread scores them (the costly half of the work) while the scan reads on, and answers each batch's
 * matches.
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

const port = parentPort!;
const scorer = new CandidateScorer((workerData as { records: MatchRecord[] }).records);
const starts = new Int32Array(SCAN_COLUMNS.length);
const ends = new Int32Array(SCAN_COLUMNS.length);

port.on('message', (batch: ScoreBatch) => {
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
});
