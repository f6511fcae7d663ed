import { Worker } from 'node:worker_threads';
import { repeatsAmong, type MatchRecord } from '@bo/domain';
import type { Tx } from '../../db/client.ts';
import { swissPostcodes } from '../../core/postcodes.ts';
import { keyAlphabet, keysOfProbe, type KeysOfProbe } from './match-keys.ts';
import { BLOCK_LIMIT, probeKeys, scannedClients, usersEstimate, type CandidateProbe } from './matches.repo.ts';
import { candidateProbe } from './matches.service.ts';
import {
  CandidateScorer,
  COL_EMAIL,
  COL_EMAIL_LOWER,
  COL_GIVEN_SOUND,
  COL_LOCALITY,
  COL_MOBILE_E164,
  COL_NUMBER,
  COL_PHONE_E164,
  COL_STREET,
  COL_STREET_NAME,
  COL_SURNAME_SOUND,
  COL_ZIP,
  CopyRows,
  rowId,
  rowRecord,
  SCAN_COLUMNS,
  type ProbeMatch,
} from './matches.scan-rows.ts';
import type { ProbesMessage, RepeatsAnswer, ScoreAnswer, ScoreBatch } from './matches.scan.worker.ts';

/**
 * The duplicate engine for many probes at once (an import's hundred thousand rows), by one scan of
 * every client instead of nine index lookups per probe (docs/performance.md "The check by one scan of the clients").
 *
 * The candidates are the same as the lookups' (matches.repo.ts candidatesSql): a client is a candidate
 * of a probe when one of its keys equals one of the probe's, the same keys, both sides computed by the
 * same SQL expressions (the clients' as the stored columns users.match_*, the probes' by probeKeys).
 * Only the matching changes place: the probes' keys go into a hash table here, the clients stream by
 * once (COPY … TO STDOUT in PostgreSQL's binary format, their keys and compared fields), and each
 * client's keys are looked up in the table. A client that shares a key is read into a record and
 * scored against those probes, once however many probes it is a candidate of.
 *
 * The keys are matched by two 32-bit hashes of their bytes (a 64-bit hash): a collision would bring a
 * pair no key brought, which the scorer then judges like any other (eight million keys of a million
 * clients looked up among two million keys of a hundred thousand probes: by the count, one false pair
 * in about a million such checks). Each key of a probe brings at most BLOCK_LIMIT clients,
 * as each lookup does; where more share it, which ones is the order of the scan, as it is the index's
 * order for a lookup.
 */

/**
 * The lookups of candidatesSql, each with its own BLOCK_LIMIT; a key is hashed with its lookup's
 * number, so two lookups' keys never meet (the mobile's with the phone's: a phone key is both fields').
 */
const enum Lookup {
  Phone = 0,
  Mobile = 1,
  Email = 2,
  ZipSound = 3,
  ZipGivenStreet = 4,
  ZipGivenNumber = 5,
  PlaceSound = 6,
  Street = 7,
  PlaceStreet = 8,
}
const LOOKUPS = 9;

// ---- hashing of keys: two independent 32-bit hashes over the key's bytes, its parts separated by 0 ----

const SEPARATOR = 0;

/** FNV-1a, 32 bits. */
function fnvStep(h: number, byte: number): number {
  return Math.imul(h ^ byte, 16777619);
}
/** A multiplicative hash with another constant and a rotation: independent of FNV's. */
function mulStep(h: number, byte: number): number {
  h = Math.imul(h ^ byte, 0x5bd1e995);
  return (h << 13) | (h >>> 19);
}
const FNV_SEED = 0x811c9dc5 | 0;
const MUL_SEED = 0x9747b28c | 0;

/** The two hashes of a key: its kind, then its parts' bytes, each part followed by the separator. */
interface KeyHash {
  a: number;
  b: number;
}

/** A step of the first hash (FNV-1a) or of the second (`second`). */
function step(second: boolean, h: number, byte: number): number {
  return second ? mulStep(h, byte) : fnvStep(h, byte);
}

/** The start of a key's hash: its kind. */
function hashStart(second: boolean, kind: number): number {
  return step(second, second ? MUL_SEED : FNV_SEED, kind);
}

/** A key's hash ended by its number (-1: none; three bytes of it). */
function hashEnd(second: boolean, h: number, extra: number): number {
  return extra < 0 ? h : step(second, step(second, step(second, h, extra & 255), (extra >>> 8) & 255), (extra >>> 16) & 255);
}

/**
 * The first hash (or with `second` the second) of a key made of byte ranges of one buffer (a scanned
 * client's fields `p1`–`p3`, -1 for none), each part followed by the separator, then `extra`. With
 * `fold`, the letters A–Z are hashed as a–z (an ASCII text in lower case, as lower() writes it).
 */
function rowKeyHash(
  second: boolean,
  kind: number,
  buf: Buffer,
  starts: Int32Array,
  ends: Int32Array,
  p1: number,
  p2: number,
  p3: number,
  extra: number,
  fold: boolean,
): number {
  let h = hashStart(second, kind);
  for (let part = 0; part < 3; part += 1) {
    const p = part === 0 ? p1 : part === 1 ? p2 : p3;
    if (p < 0) {
      break;
    }
    for (let i = starts[p]!, e = ends[p]!; i < e; i += 1) {
      const c = buf[i]!;
      h = step(second, h, fold && c >= 65 && c <= 90 ? c + 32 : c);
    }
    h = step(second, h, SEPARATOR);
  }
  return hashEnd(second, h, extra);
}

/**
 * A probe's key hashed part by part, as rowKeyHash hashes a scanned row's: `begin` with its kind, a
 * `part` for each of its parts (UTF-8, the bytes the scan answers), then `end` with its number (-1:
 * none), which writes the key's two hashes into `out` and leaves the parts' state as it was (a street
 * is one key per square of the map: its parts are hashed once). No list or object per key: a hundred
 * thousand probes make about two million keys.
 */
class KeyHasher {
  private a = 0;
  private b = 0;

  begin(kind: number): this {
    this.a = hashStart(false, kind);
    this.b = hashStart(true, kind);
    return this;
  }

  part(text: string): this {
    let a = this.a;
    let b = this.b;
    for (let i = 0; i < text.length; i += 1) {
      const c = text.charCodeAt(i);
      if (c >= 0x80) {
        // Not ASCII (an ASCII character is its own UTF-8 byte): the whole part through its UTF-8 bytes.
        return this.bytes(Buffer.from(text, 'utf8'));
      }
      a = fnvStep(a, c);
      b = mulStep(b, c);
    }
    this.a = fnvStep(a, SEPARATOR);
    this.b = mulStep(b, SEPARATOR);
    return this;
  }

  private bytes(bytes: Buffer): this {
    let a = this.a;
    let b = this.b;
    for (let i = 0; i < bytes.length; i += 1) {
      a = fnvStep(a, bytes[i]!);
      b = mulStep(b, bytes[i]!);
    }
    this.a = fnvStep(a, SEPARATOR);
    this.b = mulStep(b, SEPARATOR);
    return this;
  }

  end(extra: number, out: KeyHash): KeyHash {
    out.a = hashEnd(false, this.a, extra);
    out.b = hashEnd(true, this.b, extra);
    return out;
  }
}

/** The hashes of a probe's key from its parts as text and a number (-1: none), written into `out`. */
export function keyHash(kind: number, parts: readonly string[], extra = -1, out: KeyHash = { a: 0, b: 0 }): KeyHash {
  const hasher = new KeyHasher().begin(kind);
  for (const part of parts) {
    hasher.part(part);
  }
  return hasher.end(extra, out);
}

/**
 * The probes' keys: an open-addressing table of the keys' two hashes, each key with the probes that
 * hold it side by side (in typed arrays: a hundred thousand probes hold about 1.3 million keys). A slot
 * is four numbers side by side (first hash, second hash, where its probes begin and end), so a lookup
 * reads one place of memory for the key and one for its probes; before it, a bit per value of the first
 * hash's upper 25 bits (4 MB) answers most lookups (keys no probe holds) without the table. The second
 * hash is computed only where the first is found.
 *
 * The keys are added first, one after the other into flat lists, and the table is made once they are
 * all there (`build`): sorted by their first hash (a radix sort, in passes that read and write memory
 * in order), equal keys come together and fill the slots in the order of the slots, which begin at the
 * hash's upper bits. Put into the table one by one as they came, each key cost two or three reads of
 * memory at random places (the table was 64 MB): 1.5 s for the 1.66 million keys of 100,000 probes;
 * collected, they take 0.6 s with their hashing and the table 0.6–0.9 s more, most of it the first
 * touch of its new memory, and a lookup reads its probes side by side (docs/performance.md).
 */
export class KeyTable {
  private readonly filter = new Int32Array(1 << 20);
  /** The keys added: first hash, second hash and probe, three numbers each. */
  private added: Int32Array;
  private count = 0;
  private built = false;
  /** Per slot: first hash, second hash, the first of its probes and the end of them (0: an empty slot). */
  private slots = new Int32Array(4);
  private shift = 31;
  private probes = new Int32Array(0);

  constructor(expectedKeys: number) {
    this.added = new Int32Array(Math.max(1024, expectedKeys) * 3);
  }

  /** Adds the key of the hashes `a` and `b` for `probe` (before `build`). */
  add(a: number, b: number, probe: number): void {
    if (this.built) {
      throw new Error('the table of keys is already made');
    }
    const at = this.count * 3;
    if (at === this.added.length) {
      // More keys than it was made for: twice the room.
      const bigger = new Int32Array(this.added.length * 2);
      bigger.set(this.added);
      this.added = bigger;
    }
    const added = this.added;
    added[at] = a;
    added[at + 1] = b;
    added[at + 2] = probe;
    this.count += 1;
  }

  /** Makes the table of the keys added (once, before the first `find`). */
  build(): void {
    if (this.built) {
      return;
    }
    this.built = true;
    const n = this.count;
    // A stable radix sort by the first hash as an unsigned number, a byte a pass, the three numbers of
    // a key moved together (one stream of writes per value of the byte): the probes of a key stay in the
    // order they were added, a probe's repeats of a key side by side.
    let from: Int32Array = this.added;
    let to: Int32Array = new Int32Array(n * 3);
    const counts = new Int32Array(256);
    for (let shift = 0; shift < 32; shift += 8) {
      counts.fill(0);
      for (let i = 0; i < n * 3; i += 3) {
        const d = (from[i]! >>> shift) & 255;
        counts[d] = counts[d]! + 1;
      }
      let sum = 0;
      for (let d = 0; d < 256; d += 1) {
        const c = counts[d]!;
        counts[d] = sum * 3;
        sum += c;
      }
      for (let i = 0; i < n * 3; i += 3) {
        const d = (from[i]! >>> shift) & 255;
        const at = counts[d]!;
        counts[d] = at + 3;
        to[at] = from[i]!;
        to[at + 1] = from[i + 1]!;
        to[at + 2] = from[i + 2]!;
      }
      [from, to] = [to, from];
    }
    const k = from;
    this.added = new Int32Array(0);
    // Two keys alike in the first hash only (a few among a million): such a run of one first hash is
    // ordered by the second as well, so that each key's probes are side by side. The keys counted.
    let keys = 0;
    for (let i = 0; i < n;) {
      let j = i + 1;
      let mixed = false;
      while (j < n && k[j * 3] === k[i * 3]) {
        mixed ||= k[j * 3 + 1] !== k[i * 3 + 1];
        j += 1;
      }
      if (mixed) {
        const run = Array.from({ length: j - i }, (_, r) => i + r).sort((x, y) => k[x * 3 + 1]! - k[y * 3 + 1]! || x - y);
        const copy = run.map((r) => [k[r * 3 + 1]!, k[r * 3 + 2]!] as const);
        copy.forEach(([b, probe], r) => {
          k[(i + r) * 3 + 1] = b;
          k[(i + r) * 3 + 2] = probe;
        });
      }
      for (let r = i; r < j; r += 1) {
        if (r === i || k[r * 3 + 1] !== k[r * 3 - 2]) {
          keys += 1;
        }
      }
      const bit = k[i * 3]! >>> 7;
      this.filter[bit >>> 5] = this.filter[bit >>> 5]! | (1 << (bit & 31));
      i = j;
    }
    // At most seven slots in ten taken; a slot's place is the first hash's upper bits, so the keys,
    // in the order of their first hash, fill the slots in order.
    let bits = 10;
    while ((1 << bits) * 0.7 < keys) {
      bits += 1;
    }
    this.shift = 32 - bits;
    const slots = new Int32Array((1 << bits) * 4);
    const wrap = slots.length - 1;
    const probes = new Int32Array(n);
    let used = 0;
    for (let i = 0; i < n;) {
      const a = k[i * 3]!;
      const b = k[i * 3 + 1]!;
      let s = (a >>> this.shift) << 2;
      while (slots[s + 3] !== 0) {
        s = (s + 4) & wrap;
      }
      slots[s] = a;
      slots[s + 1] = b;
      slots[s + 2] = used;
      let last = -1;
      for (; i < n && k[i * 3] === a && k[i * 3 + 1] === b; i += 1) {
        // The same key twice for one probe (two phones alike): once is enough.
        const probe = k[i * 3 + 2]!;
        if (probe !== last) {
          probes[used] = probe;
          used += 1;
          last = probe;
        }
      }
      slots[s + 3] = used;
    }
    this.slots = slots;
    this.probes = probes.subarray(0, used);
  }

  /**
   * The slot of the key of a scanned row's fields (`kind`, the parts `p1`–`p3` of `buf`, and `extra`
   * unless -1), or -1: its probes are `probeAt(i)` for i from `from(slot)` to before `to(slot)`. With
   * `fold`, the parts' letters A–Z are taken as a–z.
   */
  find(
    kind: number,
    buf: Buffer,
    starts: Int32Array,
    ends: Int32Array,
    p1: number,
    p2: number,
    p3: number,
    extra: number,
    fold = false,
  ): number {
    if (!this.built) {
      this.build();
    }
    const a = rowKeyHash(false, kind, buf, starts, ends, p1, p2, p3, extra, fold);
    const bit = a >>> 7;
    if ((this.filter[bit >>> 5]! & (1 << (bit & 31))) === 0) {
      return -1;
    }
    const slots = this.slots;
    const wrap = slots.length - 1;
    let s = (a >>> this.shift) << 2;
    let b = 0;
    let hashed = false;
    while (slots[s + 3] !== 0) {
      if (slots[s] === a) {
        if (!hashed) {
          b = rowKeyHash(true, kind, buf, starts, ends, p1, p2, p3, extra, fold);
          hashed = true;
        }
        if (slots[s + 1] === b) {
          return s;
        }
      }
      s = (s + 4) & wrap;
    }
    return -1;
  }

  from(slot: number): number {
    return this.slots[slot + 2]!;
  }

  to(slot: number): number {
    return this.slots[slot + 3]!;
  }

  probeAt(i: number): number {
    return this.probes[i]!;
  }
}

/** A client a probe may be (the scan's answer, as findClientMatchesInBatches answers). */
export interface ScannedMatch {
  clientId: number;
  score: number;
  reasons: string[];
}

/** Probes whose keys one statement computes. */
const KEY_CHUNK = 5_000;
/** Scanned rows between two reports of progress. */
const PROGRESS_ROWS = 100_000;

/**
 * The street with its number is a key within the nearby postcodes. Looked up by the street alone, a
 * common one ("bahnhofstr1") would bring every probe of the country holding it, each then refused for
 * its distance: most of a scan's work. So the key also holds a square of the map (CELL_KM on a side)
 * where the client's postcode lies, and a probe holds its street once per square where one of its
 * nearby postcodes lies (at most nine); the list of nearby postcodes still decides.
 */
const CELL_KM = 10;

/** The square of a postcode's centre (a number below 2^24), or -1 for an unknown postcode. */
function cellOf(centre: { lat: number; lng: number } | null): number {
  if (!centre) {
    return -1;
  }
  const y = Math.floor((centre.lat * 111.2) / CELL_KM);
  const x = Math.floor((centre.lng * 111.2 * Math.cos((46.8 * Math.PI) / 180)) / CELL_KM);
  return y * 4096 + x;
}

/** Per four-digit postcode (its number), its square, or -1 (made once). */
let cellsOfPostcodes: Int32Array | undefined;
function postcodeCells(): Int32Array {
  if (!cellsOfPostcodes) {
    const postcodes = swissPostcodes();
    const cells = new Int32Array(10_000).fill(-1);
    for (let z = 1000; z < 10_000; z += 1) {
      cells[z] = cellOf(postcodes.coordinates(String(z)));
    }
    cellsOfPostcodes = cells;
  }
  return cellsOfPostcodes;
}

/** The nearby postcodes of a list as numbers, and their squares (made once per list: lists are kept per postcode). */
const nearMade = new WeakMap<string[], { postcodes: Set<number>; cells: number[] }>();
function nearOf(near: string[]): { postcodes: Set<number>; cells: number[] } {
  let made = nearMade.get(near);
  if (!made) {
    const cells = postcodeCells();
    const postcodes = new Set(near.filter((z) => /^\d{4}$/.test(z)).map(Number));
    made = { postcodes, cells: [...new Set([...postcodes].map((z) => cells[z]!).filter((c) => c >= 0))] };
    nearMade.set(near, made);
  }
  return made;
}

/** The keys of probe number `probe` added to `table`, hashed by `hasher` into `key` (both used again for each). */
function addKeysOfProbe(table: KeyTable, probe: number, p: CandidateProbe, keys: KeysOfProbe, hasher: KeyHasher, key: KeyHash): void {
  for (const phone of [p.phoneE164, p.mobilePhoneE164]) {
    if (phone) {
      hasher.begin(Lookup.Phone).part(phone).end(-1, key);
      table.add(key.a, key.b, probe);
    }
  }
  if (keys.email !== null) {
    hasher.begin(Lookup.Email).part(keys.email).end(-1, key);
    table.add(key.a, key.b, probe);
  }
  for (const sound of keys.sounds) {
    if (keys.zipcode !== null) {
      hasher.begin(Lookup.ZipSound).part(keys.zipcode).part(sound).end(-1, key);
      table.add(key.a, key.b, probe);
      if (keys.streetName !== null) {
        hasher.begin(Lookup.ZipGivenStreet).part(keys.zipcode).part(sound).part(keys.streetName).end(-1, key);
        table.add(key.a, key.b, probe);
      }
      if (keys.number !== null) {
        hasher.begin(Lookup.ZipGivenNumber).part(keys.zipcode).part(sound).part(keys.number).end(-1, key);
        table.add(key.a, key.b, probe);
      }
    }
    if (keys.locality !== null) {
      hasher.begin(Lookup.PlaceSound).part(keys.locality).part(sound).end(-1, key);
      table.add(key.a, key.b, probe);
    }
  }
  if (keys.street !== null) {
    // One key per square: the street hashed once.
    hasher.begin(Lookup.Street).part(keys.street);
    for (const cell of nearOf(p.near).cells) {
      hasher.end(cell, key);
      table.add(key.a, key.b, probe);
    }
    if (keys.locality !== null) {
      hasher.begin(Lookup.PlaceStreet).part(keys.locality).part(keys.street).end(-1, key);
      table.add(key.a, key.b, probe);
    }
  }
}

/** The keys' statements under way at once (each on a connection of the pool's). */
const KEY_STATEMENTS_AHEAD = 2;

/** Keys a probe holds, about (the table's lists are made for this many and grow when they are more). */
const KEYS_PER_PROBE = 20;

/**
 * The table of every probe's keys. Each probe's keys are computed here where this process is sure to
 * compute them as the database does (match-keys.ts); the others' by the database, KEY_CHUNK probes a
 * statement, while this process goes on with the rest. The table is made once all keys are there.
 */
async function probeTable(tx: Tx, probes: readonly CandidateProbe[]): Promise<KeyTable> {
  const alphabet = await keyAlphabet(tx);
  const table = new KeyTable(probes.length * KEYS_PER_PROBE);
  const hasher = new KeyHasher();
  const key: KeyHash = { a: 0, b: 0 };
  const sent: Promise<void>[] = [];
  let elsewhere: number[] = [];
  const send = async () => {
    const chunk = elsewhere;
    elsewhere = [];
    if (sent.length >= KEY_STATEMENTS_AHEAD) {
      await sent[sent.length - KEY_STATEMENTS_AHEAD];
    }
    const done = probeKeys(
      tx,
      chunk.map((k) => probes[k]!),
    ).then((rows) => {
      for (const keys of rows) {
        const probe = chunk[keys.i]!;
        addKeysOfProbe(table, probe, probes[probe]!, keys, hasher, key);
      }
    });
    // A failure is answered where the statements are awaited, not as unhandled meanwhile.
    done.catch(() => undefined);
    sent.push(done);
  };
  for (let k = 0; k < probes.length; k += 1) {
    const p = probes[k]!;
    const keys = keysOfProbe(p, alphabet);
    if (keys) {
      addKeysOfProbe(table, k, p, keys, hasher, key);
    } else {
      elsewhere.push(k);
      if (elsewhere.length === KEY_CHUNK) {
        await send();
      }
    }
  }
  if (elsewhere.length > 0) {
    await send();
  }
  await Promise.all(sent);
  table.build();
  return table;
}

/**
 * Where the candidates of the scan are scored: here, one after the other as the rows come, or in a
 * thread of their own (matches.scan.worker.ts) while this one reads on.
 */
interface Scoring {
  /** The row just read (its fields in `starts`/`ends`, its bytes buf[from..to)) is a candidate of `probes`. */
  add(buf: Buffer, from: number, to: number, starts: Int32Array, ends: Int32Array, probes: readonly number[]): void;
  /** Resolves when the scoring has caught up enough for the scan to read on. */
  drain(): Promise<void>;
  /** Every match, once every row added is scored; and the probes' repeats when asked for (else null). */
  finish(): Promise<{ matches: ProbeMatch[]; repeats: number[][] | null }>;
}

class InlineScoring implements Scoring {
  private readonly scorer: CandidateScorer;
  private readonly matches: ProbeMatch[] = [];
  constructor(
    private readonly records: readonly MatchRecord[],
    private readonly repeats: boolean,
  ) {
    this.scorer = new CandidateScorer(records);
  }
  add(buf: Buffer, _from: number, _to: number, starts: Int32Array, ends: Int32Array, probes: readonly number[]): void {
    this.scorer.score(rowRecord(buf, starts, ends), probes, 0, probes.length, this.matches);
  }
  drain(): Promise<void> {
    return Promise.resolve();
  }
  finish(): Promise<{ matches: ProbeMatch[]; repeats: number[][] | null }> {
    const repeats = this.repeats ? repeatsAmong(this.records, this.scorer.postcodes, (i) => this.scorer.probe(i)) : null;
    return Promise.resolve({ matches: this.matches, repeats });
  }
}

/** The bytes of the rows of one batch sent to the scoring thread. */
const BATCH_BYTES = 256 * 1024;
/** Batches sent and not yet answered before the scan waits. */
const BATCHES_AHEAD = 8;

/**
 * The options a thread starts with: the process's module loaders (under tsx, the app's start and the
 * benches, its loader reads the thread's TypeScript), or tsx's where the process has none (the tests'
 * runner). A thread takes no V8 or process options (a heap limit given to the process is refused).
 */
function threadArgs(): string[] {
  const kept: string[] = [];
  const args = process.execArgv;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (['--require', '-r', '--import', '--loader', '--experimental-loader'].includes(arg) && i + 1 < args.length) {
      kept.push(arg, args[i + 1]!);
      i += 1;
    } else if (/^--(require|import|loader|experimental-loader)=/.test(arg)) {
      kept.push(arg);
    }
  }
  return kept.some((a) => a.includes('tsx')) ? kept : [...kept, '--import', 'tsx'];
}

class ThreadScoring implements Scoring {
  private readonly worker: Worker;
  private readonly matches: ProbeMatch[] = [];
  private rows = Buffer.allocUnsafe(BATCH_BYTES * 2);
  private used = 0;
  private rowEnds: number[] = [];
  private probes: number[] = [];
  private probeEnds: number[] = [];
  private sent = 0;
  private answered = 0;
  private failure: Error | null = null;
  private waiting: (() => void) | null = null;
  private repeats: number[][] | null = null;
  private wantRepeats = false;

  /** Starts the thread (it loads its modules while the probes are made); `start` gives it the probes. */
  constructor() {
    this.worker = new Worker(new URL('./matches.scan.worker.ts', import.meta.url), {
      execArgv: threadArgs(),
      // Its own heap (the process's heap limit does not reach a thread): the probes, their prepared
      // forms and the scorer's memories, about 150 MB for 100,000 probes (docs/operations.md).
      // A young generation larger than V8 gives such a heap: the records of each batch die young, and
      // fewer, larger collections of them cost less (docs/performance.md).
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB, maxYoungGenerationSizeMb: THREAD_YOUNG_MB },
    });
    this.worker.on('message', (answer: ScoreAnswer | RepeatsAnswer) => {
      if ('repeats' in answer) {
        const { ends, earlier } = answer.repeats;
        this.repeats = Array.from(ends, (end, i) => Array.from(earlier.subarray(i === 0 ? 0 : ends[i - 1]!, end)));
      } else {
        this.matches.push(...answer.matches);
        this.answered += 1;
      }
      this.wake();
    });
    this.worker.on('error', (err) => {
      this.failure = err;
      this.wake();
    });
    this.worker.on('exit', (code) => {
      if (this.answered < this.sent || (this.wantRepeats && this.repeats === null) || code !== 0) {
        this.failure ??= new Error(`the scoring thread stopped (${code})`);
      }
      this.wake();
    });
  }

  /** The probes to score against, and whether their repeats among themselves are wanted (before the first `add`). */
  start(records: readonly MatchRecord[], repeats: boolean): this {
    this.wantRepeats = repeats;
    const message: ProbesMessage = { records, repeats };
    this.worker.postMessage(message);
    return this;
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.();
  }

  add(buf: Buffer, from: number, to: number, _starts: Int32Array, _ends: Int32Array, probes: readonly number[]): void {
    const length = to - from;
    if (this.used + length > this.rows.length) {
      const bigger = Buffer.allocUnsafe(Math.max(this.rows.length * 2, this.used + length));
      this.rows.copy(bigger, 0, 0, this.used);
      this.rows = bigger;
    }
    buf.copy(this.rows, this.used, from, to);
    this.used += length;
    this.rowEnds.push(this.used);
    for (const probe of probes) {
      this.probes.push(probe);
    }
    this.probeEnds.push(this.probes.length);
    if (this.used >= BATCH_BYTES) {
      this.send();
    }
  }

  private send(): void {
    if (this.rowEnds.length === 0) {
      return;
    }
    const rows = new Uint8Array(new ArrayBuffer(this.used));
    rows.set(this.rows.subarray(0, this.used));
    const batch: ScoreBatch = {
      id: this.sent,
      rows,
      rowEnds: new Int32Array(this.rowEnds),
      probes: new Int32Array(this.probes),
      probeEnds: new Int32Array(this.probeEnds),
    };
    this.worker.postMessage(batch, [batch.rows.buffer, batch.rowEnds.buffer, batch.probes.buffer, batch.probeEnds.buffer]);
    this.sent += 1;
    this.used = 0;
    this.rowEnds = [];
    this.probes = [];
    this.probeEnds = [];
  }

  async drain(): Promise<void> {
    while (this.failure === null && this.sent - this.answered > BATCHES_AHEAD) {
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
    if (this.failure) {
      throw this.failure;
    }
  }

  async finish(): Promise<{ matches: ProbeMatch[]; repeats: number[][] | null }> {
    this.send();
    while (this.failure === null && (this.answered < this.sent || (this.wantRepeats && this.repeats === null))) {
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
    if (this.failure) {
      throw this.failure;
    }
    return { matches: this.matches, repeats: this.repeats };
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

/** The scoring thread's heap limit (MB). */
const THREAD_HEAP_MB = 384;
/**
 * The scoring thread's young generation (MB). The scan of 100,000 probes (bench/scan-answers.ts), three
 * rounds each, V8's own size, 48 and 96 MB in turn: 48 MB was the fastest in each (CPU 17.6–20.3 s
 * against 19.4–23.5 s of V8's own); 96 MB no better than V8's own.
 */
const THREAD_YOUNG_MB = 48;

/** From this many probes on, the scan scores in a thread of its own (starting it costs about half a second). */
export const SCORING_THREAD_FROM = 20_000;

/**
 * The clients each probe may be (at most `keep`, best first), every client of the company considered:
 * the probes' keys computed by the database, then one scan of the clients (see above). `source` gives
 * the probes (all of them made at once, after the scoring thread is started). `onProgress` hears about
 * how many probes are done, by the share of the clients scanned. With `thread` (by default from
 * SCORING_THREAD_FROM probes on) the candidates are scored in a thread of their own while the scan
 * reads on. With `repeats`, the probes' repeats among themselves (repeatsAmong) are found as well, by
 * the scoring (the thread starts on them while this one makes the table of keys).
 */
export async function findClientMatchesByScan(
  tx: Tx,
  source: { readonly length: number; slice(from: number, to: number): MatchRecord[] },
  opts: { keep: number; onProgress?: (done: number) => Promise<void>; thread?: boolean; repeats?: boolean },
): Promise<{ matches: ScannedMatch[][]; repeats: number[][] | null }> {
  const n = source.length;
  const answer: ScannedMatch[][] = Array.from({ length: n }, () => []);
  if (n === 0) {
    return { matches: answer, repeats: opts.repeats ? [] : null };
  }
  const wantRepeats = opts.repeats ?? false;
  // The thread starts first: it loads its modules while this one makes the probes.
  const thread = (opts.thread ?? n >= SCORING_THREAD_FROM) ? new ThreadScoring() : null;
  let repeats: number[][] | null;
  try {
    const records = source.slice(0, n);
    const probes = records.map(candidateProbe);
    const scoring: Scoring = thread ? thread.start(records, wantRepeats) : new InlineScoring(records, wantRepeats);
    const table = await probeTable(tx, probes);
    const scan = new Scan(table, probes, scoring);
    const total = Math.max(1, await usersEstimate(tx));
    for await (const chunk of scannedClients(tx, SCAN_COLUMNS)) {
      const before = scan.rows;
      scan.feed(chunk);
      await scoring.drain();
      if (opts.onProgress && Math.floor(scan.rows / PROGRESS_ROWS) > Math.floor(before / PROGRESS_ROWS)) {
        await opts.onProgress(Math.min(n - 1, Math.floor((n * scan.rows) / total)));
      }
    }
    if (!scan.ended) {
      throw new Error('the scan of the clients ended early');
    }
    const scored = await scoring.finish();
    for (const m of scored.matches) {
      answer[m.probe]!.push({ clientId: m.clientId, score: m.score, reasons: m.reasons });
    }
    repeats = scored.repeats;
  } finally {
    await thread?.close();
  }
  for (const list of answer) {
    list.sort((a, b) => b.score - a.score || a.clientId - b.clientId);
    list.length = Math.min(list.length, opts.keep);
  }
  await opts.onProgress?.(n);
  return { matches: answer, repeats };
}

/** The clients as they stream by: PostgreSQL's binary COPY read row by row, each row's keys looked up, its candidates handed to the scoring. */
class Scan extends CopyRows {
  private readonly selfIds: Int32Array;
  private readonly near: (Set<number> | null)[];
  /** Per probe and lookup, the clients it brought (BLOCK_LIMIT at most). */
  private readonly counts: Uint16Array;
  /** Per probe, the last row that brought it (a client is scored once per probe, whatever keys they share). */
  private readonly seenAt: Int32Array;
  private readonly cells = postcodeCells();
  private readonly hits: number[] = [];
  private readonly unique: number[] = [];

  constructor(
    private readonly table: KeyTable,
    probes: readonly CandidateProbe[],
    private readonly scoring: Scoring,
  ) {
    super(SCAN_COLUMNS.length);
    const n = probes.length;
    this.selfIds = Int32Array.from(probes, (p) => p.id ?? 0);
    this.near = probes.map((p) => (p.near.length > 0 ? nearOf(p.near).postcodes : null));
    this.counts = new Uint16Array(n * LOOKUPS);
    this.seenAt = new Int32Array(n).fill(-1);
  }

  /** The client's postcode as a number when it is four digits, else -1. */
  private zipNumber(buf: Buffer): number {
    const s = this.starts[COL_ZIP]!;
    if (s < 0 || this.ends[COL_ZIP]! - s !== 4) {
      return -1;
    }
    let z = 0;
    for (let i = s; i < s + 4; i += 1) {
      const d = buf[i]! - 48;
      if (d < 0 || d > 9) {
        return -1;
      }
      z = z * 10 + d;
    }
    return z;
  }

  /** The probes of one key of the row (its parts the columns p1–p3, -1 for none), kept in `hits`. */
  private lookup(
    buf: Buffer,
    id: number,
    which: Lookup,
    kind: Lookup,
    p1: number,
    p2: number,
    p3: number,
    extra: number,
    zip: number,
    fold = false,
  ): void {
    const { starts, table, counts } = this;
    if (starts[p1]! < 0 || (p2 >= 0 && starts[p2]! < 0) || (p3 >= 0 && starts[p3]! < 0)) {
      return;
    }
    const slot = table.find(kind, buf, starts, this.ends, p1, p2, p3, extra, fold);
    if (slot < 0) {
      return;
    }
    for (let i = table.from(slot), end = table.to(slot); i < end; i += 1) {
      const probe = table.probeAt(i);
      if (this.selfIds[probe] === id || (which === Lookup.Street && !this.near[probe]!.has(zip))) {
        continue;
      }
      const at = probe * LOOKUPS + which;
      if (counts[at]! < BLOCK_LIMIT) {
        counts[at] = counts[at]! + 1;
        this.hits.push(probe);
      }
    }
  }

  protected row(buf: Buffer, from: number, to: number): void {
    const id = rowId(buf, this.starts);
    const hits = this.hits;
    hits.length = 0;
    this.lookup(buf, id, Lookup.Phone, Lookup.Phone, COL_PHONE_E164, -1, -1, -1, -1);
    this.lookup(buf, id, Lookup.Mobile, Lookup.Phone, COL_MOBILE_E164, -1, -1, -1, -1);
    // The e-mail's key is lower(email): written by the database where the e-mail is not ASCII, else
    // the e-mail's bytes taken in lower case here (lower() of ASCII text changes A–Z only).
    if (this.starts[COL_EMAIL_LOWER]! >= 0) {
      this.lookup(buf, id, Lookup.Email, Lookup.Email, COL_EMAIL_LOWER, -1, -1, -1, -1);
    } else {
      this.lookup(buf, id, Lookup.Email, Lookup.Email, COL_EMAIL, -1, -1, -1, -1, true);
    }
    this.lookup(buf, id, Lookup.ZipSound, Lookup.ZipSound, COL_ZIP, COL_SURNAME_SOUND, -1, -1, -1);
    this.lookup(buf, id, Lookup.ZipGivenStreet, Lookup.ZipGivenStreet, COL_ZIP, COL_GIVEN_SOUND, COL_STREET_NAME, -1, -1);
    this.lookup(buf, id, Lookup.ZipGivenNumber, Lookup.ZipGivenNumber, COL_ZIP, COL_GIVEN_SOUND, COL_NUMBER, -1, -1);
    this.lookup(buf, id, Lookup.PlaceSound, Lookup.PlaceSound, COL_LOCALITY, COL_SURNAME_SOUND, -1, -1, -1);
    const zip = this.zipNumber(buf);
    const cell = zip < 0 ? -1 : this.cells[zip]!;
    if (cell >= 0) {
      this.lookup(buf, id, Lookup.Street, Lookup.Street, COL_STREET, -1, -1, cell, zip);
    }
    this.lookup(buf, id, Lookup.PlaceStreet, Lookup.PlaceStreet, COL_LOCALITY, COL_STREET, -1, -1, -1);
    if (hits.length === 0) {
      return;
    }
    const unique = this.unique;
    unique.length = 0;
    for (const probe of hits) {
      if (this.seenAt[probe] !== this.rows) {
        this.seenAt[probe] = this.rows;
        unique.push(probe);
      }
    }
    this.scoring.add(buf, from, to, this.starts, this.ends, unique);
  }
}
