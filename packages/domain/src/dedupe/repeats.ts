/**
 * The repeats among records of one batch (an import's rows): each record's earlier records that are
 * the same person. Two records are compared when they share a key (e-mail, a phone, or surname with
 * the given name's first letters within the postcode), and the scorer decides.
 */
import { normalisePhone } from '../phone.ts';
import { comparePrepared, mayMatch } from './compare.ts';
import { remembered } from './normalise.ts';
import { preparedForm, type MatchRecord, type PostcodeLookup, type PreparedRecord } from './record.ts';

/** The latest records compared per shared key: a batch of one family or one street stays linear. */
export const REPEAT_CANDIDATES = 20;

/** A name as the keys compare it; remembered (a batch's names repeat). */
const fold = remembered((s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ''),
);

/** A phone's E.164 form: the record's own where known, else parsed (as the scorer takes it). */
function e164(known: string | null | undefined, typed: string | null): string | undefined {
  return known || normalisePhone(typed);
}

/** The keys two records of one batch that may be the same person share. */
export function repeatKeys(r: MatchRecord): string[] {
  const keys: string[] = [];
  if (r.email) {
    keys.push(`e:${r.email.trim().toLowerCase()}`);
  }
  for (const n of [e164(r.phone_e164, r.phone), e164(r.mobile_phone_e164, r.mobile_phone)]) {
    if (n) {
      keys.push(`p:${n}`);
    }
  }
  if (r.surname && r.zipcode) {
    keys.push(`s:${fold(r.surname)}:${fold(r.name).slice(0, 2)}:${r.zipcode.trim()}`);
  }
  return keys;
}

/**
 * The finder of repeats among `records`: called with each index in order (0, 1, 2 …), it answers the
 * earlier indexes, ascending, that the scorer calls the same person. `prepared` gives a record's
 * compared form (by default made once, when first compared: most records share no key with another).
 */
export function repeatFinder(
  records: readonly MatchRecord[],
  postcodes?: PostcodeLookup,
  prepared?: (i: number) => PreparedRecord,
): (i: number) => number[] {
  const made = new Map<number, PreparedRecord>();
  const form =
    prepared ??
    ((i: number) => {
      let r = made.get(i);
      if (!r) {
        r = preparedForm(records[i]!, true);
        made.set(i, r);
      }
      return r;
    });
  // Per key, the record that holds it, or the records once two do (most keys are held by one).
  const seen = new Map<string, number | number[]>();
  return (i) => {
    let candidates: number[] | null = null;
    for (const key of repeatKeys(records[i]!)) {
      const held = seen.get(key);
      if (held === undefined) {
        seen.set(key, i);
      } else if (typeof held === 'number') {
        // A record's key twice (the same number as phone and mobile) makes it no repeat of itself.
        if (held !== i) {
          (candidates ??= []).push(held);
          seen.set(key, [held, i]);
        }
      } else if (held[held.length - 1] !== i) {
        for (let k = Math.max(0, held.length - REPEAT_CANDIDATES); k < held.length; k += 1) {
          (candidates ??= []).push(held[k]!);
        }
        held.push(i);
      }
    }
    const repeats: number[] = [];
    if (candidates === null) {
      return repeats;
    }
    for (const j of [...new Set(candidates)].sort((a, b) => a - b)) {
      // mayMatch first: most pairs are refused without comparing the names or making the reasons.
      const a = form(i);
      const b = form(j);
      if (mayMatch(a, b, postcodes) && comparePrepared(a, b, postcodes).isMatch) {
        repeats.push(j);
      }
    }
    return repeats;
  };
}

/** For each record, the earlier records of `records` that are the same person (repeatFinder over all). */
export function repeatsAmong(
  records: readonly MatchRecord[],
  postcodes?: PostcodeLookup,
  prepared?: (i: number) => PreparedRecord,
): number[][] {
  const find = repeatFinder(records, postcodes, prepared);
  return records.map((_, i) => find(i));
}
