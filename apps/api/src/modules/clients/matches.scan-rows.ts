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

/** A field of a row not yet read (its text made when first asked for). */
const UNREAD = Symbol('unread');

/**
 * A scanned client as the duplicate engine reads it: the fields every comparison reads (the e-mail, the
 * postcode, the phones' E.164 forms) made into text at once, the others (names, place, address, phones
 * as typed) when first read. Most candidates are refused on the first fields, so their names and
 * address are never made into text. Valid while the row's bytes are (a batch of the scan is scored
 * before the next is read).
 */
class ScannedRecord implements MatchRecord {
  readonly id: number;
  readonly email: string | null;
  readonly zipcode: string | null;
  readonly phone_e164: string | null;
  readonly mobile_phone_e164: string | null;
  private nameText: string | null | typeof UNREAD = UNREAD;
  private surnameText: string | null | typeof UNREAD = UNREAD;
  private phoneText: string | null | typeof UNREAD = UNREAD;
  private mobileText: string | null | typeof UNREAD = UNREAD;
  private cityText: string | null | typeof UNREAD = UNREAD;
  private addressText: string | null | typeof UNREAD = UNREAD;
  /** Where the later fields lie in `buf` (-1: null). */
  private readonly nameAt: number;
  private readonly nameEnd: number;
  private readonly surnameAt: number;
  private readonly surnameEnd: number;
  private readonly phoneAt: number;
  private readonly phoneEnd: number;
  private readonly mobileAt: number;
  private readonly mobileEnd: number;
  private readonly cityAt: number;
  private readonly cityEnd: number;
  private readonly addressAt: number;
  private readonly addressEnd: number;

  constructor(
    private readonly buf: Buffer,
    starts: Int32Array,
    ends: Int32Array,
  ) {
    this.id = rowId(buf, starts);
    this.email = text(buf, starts, ends, COL_EMAIL);
    this.zipcode = text(buf, starts, ends, COL_ZIP);
    this.phone_e164 = text(buf, starts, ends, COL_PHONE_E164);
    this.mobile_phone_e164 = text(buf, starts, ends, COL_MOBILE_E164);
    this.nameAt = starts[COL_NAME]!;
    this.nameEnd = ends[COL_NAME]!;
    this.surnameAt = starts[COL_SURNAME]!;
    this.surnameEnd = ends[COL_SURNAME]!;
    this.phoneAt = starts[COL_PHONE]!;
    this.phoneEnd = ends[COL_PHONE]!;
    this.mobileAt = starts[COL_MOBILE]!;
    this.mobileEnd = ends[COL_MOBILE]!;
    this.cityAt = starts[COL_CITY]!;
    this.cityEnd = ends[COL_CITY]!;
    this.addressAt = starts[COL_ADDRESS]!;
    this.addressEnd = ends[COL_ADDRESS]!;
  }

  private field(from: number, to: number): string | null {
    return from < 0 ? null : this.buf.toString('utf8', from, to);
  }

  get name(): string | null {
    return this.nameText === UNREAD ? (this.nameText = this.field(this.nameAt, this.nameEnd)) : this.nameText;
  }
  get surname(): string | null {
    return this.surnameText === UNREAD ? (this.surnameText = this.field(this.surnameAt, this.surnameEnd)) : this.surnameText;
  }
  get phone(): string | null {
    return this.phoneText === UNREAD ? (this.phoneText = this.field(this.phoneAt, this.phoneEnd)) : this.phoneText;
  }
  get mobile_phone(): string | null {
    return this.mobileText === UNREAD ? (this.mobileText = this.field(this.mobileAt, this.mobileEnd)) : this.mobileText;
  }
  get city(): string | null {
    return this.cityText === UNREAD ? (this.cityText = this.field(this.cityAt, this.cityEnd)) : this.cityText;
  }
  get address(): string | null {
    return this.addressText === UNREAD ? (this.addressText = this.field(this.addressAt, this.addressEnd)) : this.addressText;
  }
}

/** The engine's record of a row read by readRow (the columns candidatesSql's lookups answer), its rarely compared fields read when first asked for. */
export function rowRecord(buf: Buffer, starts: Int32Array, ends: Int32Array): MatchRecord {
  return new ScannedRecord(buf, starts, ends);
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
