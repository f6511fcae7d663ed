/**
 * Quality of the duplicate engine (packages/domain/src/dedupe) on the labelled set of
 * bench/dedupe-labelled.ts: blocking (records sharing any blocking key are candidate pairs), then
 * compareRecords on every candidate pair. Prints precision and recall over pairs, what blocking
 * misses, the pairs per block, what the misses and false matches are, and the time of one comparison.
 * Targets: precision ≥ 0.995, recall ≥ 0.95.
 *
 * `npm run bench -w bench -- dedupe` (or `npm run bench:dedupe`) runs only this; DEDUPE_PERSONS
 * (16,000 → about 22,000 records) and DEDUPE_SEED change the set. `runDedupeQuality()` is also
 * called by the main benchmark.
 */
import { blockingKeys, compareRecords, MATCH_THRESHOLD, type MatchResult } from '../packages/domain/src/dedupe/index.ts';
import { describeLabelledSet, generateLabelledSet, postcodeLookup, type LabelledRecord } from './dedupe-labelled.ts';

export interface DedupeQuality {
  records: number;
  candidatePairs: number;
  truePairs: number;
  precision: number;
  recall: number;
  blockingRecall: number;
  medianMicros: number;
  medianMicrosCold: number;
  ok: boolean;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

const pct = (x: number) => `${(x * 100).toFixed(2)} %`;

export function runDedupeQuality(
  options: { persons?: number; seed?: number; log?: (line: string) => void; examples?: number } = {},
): DedupeQuality {
  const log = options.log ?? console.log;
  const started = Date.now();
  const records = generateLabelledSet({ persons: options.persons, seed: options.seed });
  const postcodes = postcodeLookup();
  log(`\nduplicate engine on a labelled set: ${describeLabelledSet(records)} (made in ${Date.now() - started} ms)`);

  // Blocking: one list of records per key.
  const blocks = new Map<string, number[]>();
  for (let i = 0; i < records.length; i += 1) {
    for (const key of blockingKeys(records[i]!).all) {
      const list = blocks.get(key);
      if (list) {
        list.push(i);
      } else {
        blocks.set(key, [i]);
      }
    }
  }
  const n = records.length;
  const candidates = new Set<number>();
  const pairsByKind = new Map<string, number>();
  const sizes: number[] = [];
  for (const [key, list] of blocks) {
    sizes.push(list.length);
    const kind = key.slice(0, key.indexOf(':'));
    pairsByKind.set(kind, (pairsByKind.get(kind) ?? 0) + (list.length * (list.length - 1)) / 2);
    for (let x = 0; x < list.length; x += 1) {
      for (let y = x + 1; y < list.length; y += 1) {
        const a = list[x]!;
        const b = list[y]!;
        candidates.add(a < b ? a * n + b : b * n + a);
      }
    }
  }
  const multi = sizes.filter((s) => s > 1);
  log(
    `blocking: ${blocks.size} keys, ${multi.length} of them shared; records per shared key median ${median(multi)}, max ${sizes.reduce((m, x) => Math.max(m, x), 0)}; ` +
      `${candidates.size} candidate pairs (${(candidates.size / n).toFixed(2)} a record); pairs per kind of key: ${[...pairsByKind].map(([k, v]) => `${k} ${v}`).join(', ')}`,
  );

  // True pairs: the records of one person.
  const byPerson = new Map<number, number[]>();
  records.forEach((r, i) => byPerson.set(r.person, [...(byPerson.get(r.person) ?? []), i]));
  let truePairs = 0;
  let blockedTrue = 0;
  const unblocked: [LabelledRecord, LabelledRecord][] = [];
  for (const list of byPerson.values()) {
    for (let x = 0; x < list.length; x += 1) {
      for (let y = x + 1; y < list.length; y += 1) {
        truePairs += 1;
        const [a, b] = [list[x]!, list[y]!];
        if (candidates.has(a < b ? a * n + b : b * n + a)) {
          blockedTrue += 1;
        } else {
          unblocked.push([records[a]!, records[b]!]);
        }
      }
    }
  }

  // Scoring every candidate pair.
  let tp = 0;
  let fp = 0;
  const falseMatches: [LabelledRecord, LabelledRecord, MatchResult][] = [];
  const misses: [LabelledRecord, LabelledRecord, MatchResult][] = [];
  const missedBy = new Map<string, number>();
  const truthBy = new Map<string, number>();
  /** Scores of the candidate pairs, true pairs and others, for the threshold sweep. */
  const scored: [number, boolean][] = [];
  const scoringStarted = process.hrtime.bigint();
  for (const key of candidates) {
    const a = records[Math.floor(key / n)]!;
    const b = records[key % n]!;
    const result = compareRecords(a, b, postcodes);
    const same = a.person === b.person;
    scored.push([result.score, same]);
    if (same) {
      const errors = [...new Set([...a.corruptions, ...b.corruptions])];
      for (const e of errors) {
        truthBy.set(e, (truthBy.get(e) ?? 0) + 1);
      }
    }
    if (result.isMatch && same) {
      tp += 1;
    } else if (result.isMatch) {
      fp += 1;
      falseMatches.push([a, b, result]);
    } else if (same) {
      misses.push([a, b, result]);
      for (const e of new Set([...a.corruptions, ...b.corruptions])) {
        missedBy.set(e, (missedBy.get(e) ?? 0) + 1);
      }
    }
  }
  const scoringMs = Number(process.hrtime.bigint() - scoringStarted) / 1e6;
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
  const recall = truePairs === 0 ? 1 : tp / truePairs;
  log(
    `threshold ${MATCH_THRESHOLD}: ${tp} true matches, ${fp} false matches, ${truePairs - tp} missed (${truePairs - blockedTrue} never candidates); ` +
      `precision ${pct(precision)}, recall ${pct(recall)} (blocking alone ${pct(blockedTrue / truePairs)}); all candidates scored in ${scoringMs.toFixed(0)} ms`,
  );
  log(
    `other thresholds: ${[0.5, 0.7, 0.8, 0.9, 0.95, 0.99]
      .map((t) => {
        const hits = scored.filter(([score]) => score >= t);
        const good = hits.filter(([, same]) => same).length;
        return `${t}: precision ${pct(hits.length ? good / hits.length : 1)} recall ${pct(good / truePairs)}`;
      })
      .join('; ')}`,
  );
  log(
    `recall by error in the pair: ${[...truthBy]
      .sort((x, y) => x[0].localeCompare(y[0]))
      .map(([e, total]) => `${e} ${pct(1 - (missedBy.get(e) ?? 0) / total)}`)
      .join(', ')}`,
  );
  const fpKinds = new Map<string, number>();
  for (const [a, b] of falseMatches) {
    const k = [a.kind, b.kind].sort().join('+');
    fpKinds.set(k, (fpKinds.get(k) ?? 0) + 1);
  }
  if (fp > 0) {
    log(`false matches by kinds of record: ${[...fpKinds].map(([k, v]) => `${k} ${v}`).join(', ')}`);
  }
  const show = options.examples ?? Number(process.env.DEDUPE_EXAMPLES ?? 0);
  const brief = (r: LabelledRecord) =>
    `${r.name} ${r.surname} | ${r.email ?? '-'} | ${r.phone ?? '-'} / ${r.mobile_phone ?? '-'} | ${r.address ?? '-'}, ${r.zipcode ?? '-'} ${r.city ?? '-'} [${r.kind}${r.corruptions.length ? `: ${r.corruptions.join(',')}` : ''}]`;
  for (const [title, list] of [
    ['false matches', falseMatches],
    ['missed', misses],
  ] as const) {
    for (const [a, b, r] of list.slice(0, show)) {
      log(`  ${title}: ${r.score.toFixed(3)} ${r.reasons.join(' ')}\n    ${brief(a)}\n    ${brief(b)}`);
    }
  }
  for (const [a, b] of unblocked.slice(0, show)) {
    log(`  never candidates:\n    ${brief(a)}\n    ${brief(b)}`);
  }

  // Time of one comparison: records prepared (a probe against many candidates), and cold (fresh records, normalised on the call).
  const pairs = [...candidates].slice(0, 20_000).map((key) => [records[Math.floor(key / n)]!, records[key % n]!] as const);
  const warm: number[] = [];
  const cold: number[] = [];
  for (let round = 0; round < 5; round += 1) {
    const batch = 1000;
    for (let i = 0; i + batch <= pairs.length; i += batch) {
      let t = process.hrtime.bigint();
      for (let k = i; k < i + batch; k += 1) {
        compareRecords(pairs[k]![0], pairs[k]![1], postcodes);
      }
      warm.push(Number(process.hrtime.bigint() - t) / 1e3 / batch);
      const fresh = pairs.slice(i, i + batch).map(([a, b]) => [{ ...a }, { ...b }] as const);
      t = process.hrtime.bigint();
      for (const [a, b] of fresh) {
        compareRecords(a, b, postcodes);
      }
      cold.push(Number(process.hrtime.bigint() - t) / 1e3 / batch);
    }
  }
  const medianMicros = median(warm);
  const medianMicrosCold = median(cold);
  log(
    `compareRecords: median ${medianMicros.toFixed(1)} µs a pair with prepared records, ${medianMicrosCold.toFixed(1)} µs with both normalised on the call`,
  );
  const ok = precision >= 0.995 && recall >= 0.95;
  log(`targets precision ≥ 99.5 %, recall ≥ 95 %: ${ok ? 'met' : 'NOT met'}`);
  return {
    records: n,
    candidatePairs: candidates.size,
    truePairs,
    precision,
    recall,
    blockingRecall: blockedTrue / truePairs,
    medianMicros,
    medianMicrosCold,
    ok,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = runDedupeQuality({
    persons: process.env.DEDUPE_PERSONS ? Number(process.env.DEDUPE_PERSONS) : undefined,
    seed: process.env.DEDUPE_SEED ? Number(process.env.DEDUPE_SEED) : undefined,
  });
  process.exitCode = result.ok ? 0 : 1;
}
