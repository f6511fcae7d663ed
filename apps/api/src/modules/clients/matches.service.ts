import { compareRecords, normalisePhone, POSTCODE_NEAR_KM, type ClientScope, type ClientSummaryDto, type MatchRecord } from '@bo/domain';
import type { Tx } from '../../db/client.ts';
import { swissPostcodes } from '../../core/postcodes.ts';
import { toClientSummary } from './dto.ts';
import { candidates, matchCandidates, type CandidateProbe, type ClientMatchFields } from './matches.repo.ts';

/** The most matches answered per probe, best first. */
export const MATCHES_LIMIT = 50;
/**
 * A street with its number is looked for in the postcodes whose centre lies this near (and in the
 * place): the distance the scorer calls near.
 */
export const NEAR_KM = POSTCODE_NEAR_KM;

/** An existing client that may be the same person as a probe. */
export interface ClientMatch {
  client: ClientSummaryDto;
  /** 0–1, at least the domain's MATCH_THRESHOLD. */
  score: number;
  /** Keys the browser translates ("same_phone", "street_similar:0.92", …). */
  reasons: string[];
}

const text = (v: string | null | undefined) => (v && v.trim() !== '' ? v : null);

/** The probe as the blocking statement reads it (also for the import's batches, matches.batch.ts). */
export function candidateProbe(p: MatchRecord): CandidateProbe {
  const zipcode = text(p.zipcode)?.trim() ?? null;
  return {
    id: p.id ?? null,
    // A known E.164 form (a stored client's, an import row's) is what parsing the phone gives.
    phoneE164: p.phone_e164 || normalisePhone(p.phone) || null,
    mobilePhoneE164: p.mobile_phone_e164 || normalisePhone(p.mobile_phone) || null,
    email: text(p.email),
    zipcode,
    name: text(p.name),
    surname: text(p.surname),
    city: text(p.city),
    address: text(p.address),
    near: zipcode ? swissPostcodes().near(zipcode, NEAR_KM) : [],
  };
}

export type { ClientMatchFields };

/**
 * One record object per stored client, kept while its compared fields stay the same: the scorer
 * prepares (normalises) a record once per object, and a list page, a tab and a check read the same
 * clients again and again. Cleared when it holds RECORDS_KEPT.
 */
const records = new Map<number, MatchRecord>();
const RECORDS_KEPT = 20_000;

/** The engine's record of a stored client (its id: it never matches itself). */
export function matchRecordOfClient(u: ClientMatchFields): MatchRecord {
  const kept = records.get(u.id);
  if (
    kept &&
    kept.name === u.name &&
    kept.surname === u.surname &&
    kept.email === u.email &&
    kept.phone === u.phone &&
    kept.mobile_phone === u.mobilePhone &&
    kept.zipcode === u.zipcode &&
    kept.city === u.city &&
    kept.address === u.address &&
    kept.phone_e164 === (u.phoneE164 ?? undefined) &&
    kept.mobile_phone_e164 === (u.mobilePhoneE164 ?? undefined)
  ) {
    return kept;
  }
  const record = clientMatchRecord(u);
  if (records.size >= RECORDS_KEPT) {
    records.clear();
  }
  records.set(u.id, record);
  return record;
}

/** The engine's record of a stored client, made afresh (matchRecordOfClient keeps it). */
function clientMatchRecord(u: ClientMatchFields): MatchRecord {
  return {
    id: u.id,
    name: u.name,
    surname: u.surname,
    email: u.email,
    phone: u.phone,
    mobile_phone: u.mobilePhone,
    zipcode: u.zipcode,
    city: u.city,
    address: u.address,
    ...(u.phoneE164 ? { phone_e164: u.phoneE164 } : {}),
    ...(u.mobilePhoneE164 ? { mobile_phone_e164: u.mobilePhoneE164 } : {}),
  };
}

/**
 * The engine's verdict on candidates: for each probe, its candidates (rows of `probe` and a client)
 * that compareRecords calls a match, best first, at most MATCHES_LIMIT. Every use of the engine
 * (matches with summaries, counts) goes through this, so they agree.
 */
function scored<R extends { probe: number; user: ClientMatchFields }>(
  probes: MatchRecord[],
  rows: R[],
): { row: R; score: number; reasons: string[] }[][] {
  const byProbe = new Map<number, R[]>();
  for (const row of rows) {
    const list = byProbe.get(row.probe) ?? [];
    list.push(row);
    byProbe.set(row.probe, list);
  }
  const postcodes = swissPostcodes();
  return probes.map((probe, i) => {
    const found: { row: R; score: number; reasons: string[] }[] = [];
    for (const row of byProbe.get(i) ?? []) {
      const result = compareRecords(probe, matchRecordOfClient(row.user), postcodes);
      if (result.isMatch) {
        found.push({ row, score: result.score, reasons: result.reasons });
      }
    }
    found.sort((a, b) => b.score - a.score || a.row.user.id - b.row.user.id);
    return found.slice(0, MATCHES_LIMIT);
  });
}

/**
 * The duplicate engine (docs/clients.md "Duplicate engine"): for each probe, the existing clients
 * inside the scope that compareRecords (packages/domain/src/dedupe) calls a match (MATCH_THRESHOLD),
 * best first, at most MATCHES_LIMIT. Candidates come from the blocking keys through indexes
 * (matches.repo.ts), every probe in one statement; a probe with an `id` never matches itself.
 * Answers one list per probe, in the probes' order.
 */
export async function findClientMatches(tx: Tx, probes: MatchRecord[], scope: ClientScope): Promise<ClientMatch[][]> {
  if (probes.length === 0 || scope.kind === 'none') {
    return probes.map(() => []);
  }
  const rows = await candidates(tx, scope, probes.map(candidateProbe));
  return scored(probes, rows).map((found) => found.map((f) => ({ client: toClientSummary(f.row), score: f.score, reasons: f.reasons })));
}

/**
 * The duplicates of stored clients inside the scope: the engine with each client as its probe. The
 * duplicates tab lists them, a list row counts them (the same call for the page's rows at once), the
 * merge checks them: one definition. Answers one list per client, in their order.
 */
export function duplicatesOfClients(tx: Tx, clients: ClientMatchFields[], scope: ClientScope): Promise<ClientMatch[][]> {
  return findClientMatches(tx, clients.map(matchRecordOfClient), scope);
}

/**
 * How many duplicates each client has inside the scope, by id: the length of what its duplicates tab
 * lists (the same candidates, scope, scorer and limit), read without the candidates' summaries.
 */
export async function duplicateCounts(tx: Tx, clients: ClientMatchFields[], scope: ClientScope): Promise<Map<number, number>> {
  if (clients.length === 0 || scope.kind === 'none') {
    return new Map(clients.map((c) => [c.id, 0]));
  }
  const probes = clients.map(matchRecordOfClient);
  const found = scored(probes, await matchCandidates(tx, scope, probes.map(candidateProbe)));
  return new Map(clients.map((c, i) => [c.id, found[i]!.length]));
}

/** Whether the engine lists either client among the other's duplicates (whatever the viewer's scope): what may be merged. */
export async function areDuplicates(tx: Tx, a: ClientMatchFields, b: ClientMatchFields): Promise<boolean> {
  const [ofA, ofB] = await duplicatesOfClients(tx, [a, b], { kind: 'all' });
  return ofA!.some((m) => m.client.id === b.id) || ofB!.some((m) => m.client.id === a.id);
}
