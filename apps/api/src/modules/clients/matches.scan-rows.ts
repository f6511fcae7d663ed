import { comparePrepared, mayMatch, preparedForm, type MatchRecord, type PreparedRecord } from '@bo/domain/dedupe';
import { swissPostcodes } from '../../core/postcodes.ts';

/**
 * The rows of the scan of every client (matches.scan.ts) as PostgreSQL's binary COPY writes them, and
 * the scoring of a client against the probes that share a key with it: used by the scan itself and by
 * its scoring thread (matches.scan.worker.ts).
 */

/** The scan's columns, in this order (COL_* are their places). */
export const SCAN_COLUMNS = [
  'id',
  'zipcode',
  'phone_e164',
  'mobile_phone_e164',
  // lower(email) where the e-mail is not ASCII only (else null: the scan folds the e-mail's own
  // bytes, and the database spares lower() on a million e-mails).
  'CASE WHEN octet_length(email) <> char_length(email) THEN lower(email) END',
  'match_surname_sound',
  'match_given_sound',
  'match_locality',
  'match_street',
  'match_street_name',
  'match_number',
  'name',
  'surname',
  'email',
  'phone',
  'mobile_phone',
  'city',
  'address',
] as const;
export const COL_ID = 0;
export const COL_ZIP = 1;
export const COL_PHONE_E164 = 2;
export const COL_MOBILE_E164 = 3;
export const COL_EMAIL_LOWER = 4;
export const COL_SURNAME_SOUND = 5;
export const COL_GIVEN_SOUND = 6;
export const COL_LOCALITY = 7;
export const COL_STREET = 8;
export const COL_STREET_NAME = 9;
export const COL_NUMBER = 10;
const COL_NAME = 11;
const COL_SURNAME = 12;
export const COL_EMAIL = 13;
const COL_PHONE = 14;
const COL_MOBILE = 15;
const COL_CITY = 16;
const COL_ADDRESS = 17;

/** The end of the row that begins at `pos` of `buf` (its fields' places in `starts`/`ends`, -1 for null), or -1 when `buf` ends inside it. */
export function readRow(buf: Buffer, pos: number, starts: Int32Array, ends: Int32Array): number {
  const fields = ((buf[pos]! << 24) | (buf[pos + 1]! << 16)) >> 16;
  let p = pos + 2;
  for (let f = 0; f < fields; f += 1) {
    if (p + 4 > buf.length) {
      return -1;
    }
    const length = (buf[p]! << 24) | (buf[p + 1]! << 16) | (buf[p + 2]! << 8) | buf[p + 3]!;
    p += 4;
    if (length < 0) {
      starts[f] = -1;
      ends[f] = -1;
    } else {
      if (p + length > buf.length) {
        return -1;
      }
      starts[f] = p;
      ends[f] = p + length;
      p += length;
    }
  }
  return p;
}

/** The bytes of a chunk first joined to the row the previous chunk ended inside (more when the row is longer). */
const STITCH_BYTES = 4096;

/**
 * PostgreSQL's binary COPY read row by row from its chunks as they come (`feed`): the header first,
 * then each whole row handed to `row` with its fields' places in `starts`/`ends`, until the trailer
 * (`ended`). A row the chunk ends inside is completed with the first bytes of the next chunk, only
 * those joined to it (copying every chunk behind the rest of the previous one cost half a second for
 * the million clients).
 */
export abstract class CopyRows {
  rows = 0;
  ended = false;
  protected readonly starts: Int32Array;
  protected readonly ends: Int32Array;
  private header = true;
  /** The beginning of a row the last chunk ended inside. */
  private pending: Buffer | null = null;

  constructor(columns: number) {
    this.starts = new Int32Array(columns);
    this.ends = new Int32Array(columns);
  }

  /** A whole row: buf[from..to), its fields in `starts`/`ends`. */
  protected abstract row(buf: Buffer, from: number, to: number): void;

  feed(chunk: Buffer): void {
    let pos = 0;
    const pending = this.pending;
    if (pending) {
      let take = Math.min(chunk.length, STITCH_BYTES);
      for (;;) {
        const joined = Buffer.concat([pending, chunk.subarray(0, take)]);
        // No row is read unless the one begun before ends inside `joined`: a retry reads none twice.
        const used = this.read(joined, 0);
        if (used > pending.length) {
          pos = used - pending.length;
          break;
        }
        if (take === chunk.length) {
          // The whole chunk lies inside one row.
          this.pending = joined;
          return;
        }
        take = Math.min(chunk.length, take * 4);
      }
    }
    const used = this.read(chunk, pos);
    this.pending = used < chunk.length && !this.ended ? chunk.subarray(used) : null;
  }

  /** Reads the whole rows of `buf` from `pos` on (and the header, first); answers where it stopped. */
  private read(buf: Buffer, pos: number): number {
    if (this.header) {
      // "PGCOPY\n\377\r\n\0", the flags, the header extension's length and the extension.
      if (buf.length < pos + 19 || buf.length < pos + 19 + buf.readInt32BE(pos + 15)) {
        return pos;
      }
      pos += 19 + buf.readInt32BE(pos + 15);
      this.header = false;
    }
    while (!this.ended && pos + 2 <= buf.length) {
      if (buf[pos] === 0xff && buf[pos + 1] === 0xff) {
        // The trailer: a field count of -1.
        this.ended = true;
        return pos + 2;
      }
      const end = readRow(buf, pos, this.starts, this.ends);
      if (end < 0) {
        return pos;
      }
      this.row(buf, pos, end);
      this.rows += 1;
      pos = end;
    }
    return pos;
  }
}

/** The client id of a row read by readRow. */
export function rowId(buf: Buffer, starts: Int32Array): number {
  const at = starts[COL_ID]!;
  return (buf[at]! << 24) | (buf[at + 1]! << 16) | (buf[at + 2]! << 8) | buf[at + 3]!;
}

function text(buf: Buffer, starts: Int32Array, ends: Int32Array, col: number): string | null {
  return starts[col]! < 0 ? null : buf.toString('utf8', starts[col], ends[col]);
}

/** The engine's record of a row read by readRow (the columns candidatesSql's lookups answer). */
export function rowRecord(buf: Buffer, starts: Int32Array, ends: Int32Array): MatchRecord {
  return {
    id: rowId(buf, starts),
    name: text(buf, starts, ends, COL_NAME),
    surname: text(buf, starts, ends, COL_SURNAME),
    email: text(buf, starts, ends, COL_EMAIL),
    phone: text(buf, starts, ends, COL_PHONE),
    mobile_phone: text(buf, starts, ends, COL_MOBILE),
    zipcode: text(buf, starts, ends, COL_ZIP),
    city: text(buf, starts, ends, COL_CITY),
    address: text(buf, starts, ends, COL_ADDRESS),
    phone_e164: text(buf, starts, ends, COL_PHONE_E164),
    mobile_phone_e164: text(buf, starts, ends, COL_MOBILE_E164),
  };
}

/** A match of the scan: the probe's index, the client, the score and its reasons. */
export interface ProbeMatch {
  probe: number;
  clientId: number;
  score: number;
  reasons: string[];
}

/**
 * Scores a client against probes, as findClientMatchesInBatches does a candidate (mayMatch first,
 * the reasons only for a match). Each probe is prepared once, when it is first a candidate.
 */
export class CandidateScorer {
  private readonly prepared: (PreparedRecord | undefined)[];
  readonly postcodes = swissPostcodes();

  constructor(private readonly records: readonly MatchRecord[]) {
    this.prepared = new Array<PreparedRecord | undefined>(records.length);
  }

  /**
   * The compared form of probe `i`, made when first asked for; its names and street only when a
   * comparison gets to them (as a candidate's: mayMatch refuses most pairs on the other fields).
   */
  probe(i: number): PreparedRecord {
    return (this.prepared[i] ??= preparedForm(this.records[i]!, true));
  }

  /** The matches of `record` among `probes[from..to)`, added to `out`. */
  score(record: MatchRecord, probes: ArrayLike<number>, from: number, to: number, out: ProbeMatch[]): void {
    // Its names are prepared only if a probe gets to them (most are refused on the other fields).
    const candidate = preparedForm(record, true);
    for (let k = from; k < to; k += 1) {
      const probe = probes[k]!;
      const prepared = this.probe(probe);
      if (!mayMatch(prepared, candidate, this.postcodes)) {
        continue;
      }
      const result = comparePrepared(prepared, candidate, this.postcodes);
      if (result.isMatch) {
        out.push({ probe, clientId: record.id!, score: result.score, reasons: result.reasons });
      }
    }
  }
}
