import { compareRecords, normalisePhone, POSTCODE_NEAR_KM, type ClientScope, type ClientSummaryDto, type MatchRecord } from '@bo/domain';
import type { Tx } from '../../db/client.ts';
import { swissPostcodes } from '../../core/postcodes.ts';
import { toClientSummary } from './dto.ts';
import { candidates, type CandidateProbe } from './matches.repo.ts';

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

function candidateProbe(p: MatchRecord): CandidateProbe {
  const zipcode = text(p.zipcode)?.trim() ?? null;
  return {
    id: p.id ?? null,
    phoneE164: normalisePhone(p.phone) ?? null,
    mobilePhoneE164: normalisePhone(p.mobile_phone) ?? null,
    email: text(p.email),
    zipcode,
    name: text(p.name),
    surname: text(p.surname),
    city: text(p.city),
    address: text(p.address),
    near: zipcode ? swissPostcodes().near(zipcode, NEAR_KM) : [],
  };
}

type Row = Awaited<ReturnType<typeof candidates>>[number];

function matchRecordOf(row: Row): MatchRecord {
  const u = row.user;
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
  };
}

/**
 * The duplicate engine (docs/clients.md "Duplicate engine"): for each probe, the existing clients
 * inside the scope that compareRecords (packages/domain/src/dedupe) calls a match (MATCH_THRESHOLD),
 * best first, at most MATCHES_LIMIT. Candidates come from the blocking keys through indexes
 * (matches.repo.ts), every probe in one statement; a probe with an `id` never matches itself.
 * Answers one list per probe, in the probes' order.
 */
export async function findClientMatches(tx: Tx, probes: MatchRecord[], scope: ClientScope): Promise<ClientMatch[][]> {
  const answer: ClientMatch[][] = probes.map(() => []);
  if (probes.length === 0 || scope.kind === 'none') {
    return answer;
  }
  const byProbe = new Map<number, Row[]>();
  for (const row of await candidates(tx, scope, probes.map(candidateProbe))) {
    const list = byProbe.get(row.probe) ?? [];
    list.push(row);
    byProbe.set(row.probe, list);
  }
  const postcodes = swissPostcodes();
  // One record object per client: the scorer prepares (normalises) each object once.
  const records = new Map<number, MatchRecord>();
  probes.forEach((probe, i) => {
    const found: { row: Row; score: number; reasons: string[] }[] = [];
    for (const row of byProbe.get(i) ?? []) {
      const id = row.user.id;
      let record = records.get(id);
      if (!record) {
        record = matchRecordOf(row);
        records.set(id, record);
      }
      const result = compareRecords(probe, record, postcodes);
      if (result.isMatch) {
        found.push({ row, score: result.score, reasons: result.reasons });
      }
    }
    found.sort((a, b) => b.score - a.score || a.row.user.id - b.row.user.id);
    answer[i] = found.slice(0, MATCHES_LIMIT).map((f) => ({ client: toClientSummary(f.row), score: f.score, reasons: f.reasons }));
  });
  return answer;
}
