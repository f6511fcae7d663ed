/**
 * String similarities of the duplicate engine. Inputs are already normalised (normalise.ts).
 */

/** Jaro–Winkler similarity in 0–1 (prefix scale 0.1, up to 4 common leading characters). */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) {
    return a === '' ? 0 : 1;
  }
  if (a === '' || b === '') {
    return 0;
  }
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  const aMatched = new Array<boolean>(a.length).fill(false);
  const bMatched = new Array<boolean>(b.length).fill(false);
  let matches = 0;
  for (let i = 0; i < a.length; i += 1) {
    const from = Math.max(0, i - window);
    const to = Math.min(b.length - 1, i + window);
    for (let j = from; j <= to; j += 1) {
      if (!bMatched[j] && a[i] === b[j]) {
        aMatched[i] = true;
        bMatched[j] = true;
        matches += 1;
        break;
      }
    }
  }
  if (matches === 0) {
    return 0;
  }
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < a.length; i += 1) {
    if (aMatched[i]) {
      while (!bMatched[k]) {
        k += 1;
      }
      if (a[i] !== b[k]) {
        transpositions += 1;
      }
      k += 1;
    }
  }
  const m = matches;
  const jaro = (m / a.length + m / b.length + (m - transpositions / 2) / m) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) {
    prefix += 1;
  }
  return jaro + prefix * 0.1 * (1 - jaro);
}

function trigrams(s: string): Set<string> {
  // Padded like PostgreSQL's pg_trgm: two spaces before each word, one after.
  const grams = new Set<string>();
  for (const word of s.split(' ')) {
    if (word === '') {
      continue;
    }
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i += 1) {
      grams.add(padded.slice(i, i + 3));
    }
  }
  return grams;
}

/** Trigram similarity (shared trigrams over all trigrams, as pg_trgm's `similarity`) in 0–1. */
export function trigramSimilarity(a: string, b: string): number {
  if (a === b) {
    return a === '' ? 0 : 1;
  }
  const ta = trigrams(a);
  const tb = trigrams(b);
  if (ta.size === 0 || tb.size === 0) {
    return 0;
  }
  let shared = 0;
  for (const g of ta) {
    if (tb.has(g)) {
      shared += 1;
    }
  }
  return shared / (ta.size + tb.size - shared);
}

/**
 * Edit distance counting an insertion, a deletion, a substitution or a swap of two neighbouring
 * characters as one edit (optimal string alignment). Stops early and answers `max + 1` once the
 * distance exceeds `max`.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (a === b) {
    return 0;
  }
  if (Math.abs(a.length - b.length) > max) {
    return max + 1;
  }
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, prevPrev[j - 2]! + 1);
      }
      row.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) {
      return max + 1;
    }
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * Whether two digit strings of the same length differ by one typed digit or by two neighbouring
 * digits swapped ("8050" / "8005", "079 123 45 67" / "079 123 54 67").
 */
export function oneDigitApart(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) {
    return false;
  }
  // The first and second place where they differ (most pairs differ in more than two: no list is made).
  let first = -1;
  let second = -1;
  for (let i = 0; i < a.length; i += 1) {
    if (a.charCodeAt(i) !== b.charCodeAt(i)) {
      if (first < 0) {
        first = i;
      } else if (second < 0) {
        second = i;
      } else {
        return false;
      }
    }
  }
  if (second < 0) {
    return true;
  }
  return second === first + 1 && a.charCodeAt(first) === b.charCodeAt(second) && a.charCodeAt(second) === b.charCodeAt(first);
}
