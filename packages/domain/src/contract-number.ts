/**
 * The contract number a sale's paper contract carries: `V-<year>-<five-digit sequence>`, as "V-2026-00182".
 * The sales agent types it from the signed contract while performing the presentation; the presentation
 * and its order keep the same text, and every screen and document shows it as stored. Demo and
 * benchmark data make theirs with this function, so every number shown has this one form.
 */
export function formatContractNumber(year: number, sequence: number): string {
  return `V-${year}-${String(sequence).padStart(5, '0')}`;
}

/** Whether a text has the form `formatContractNumber` gives. */
export function isContractNumber(text: string): boolean {
  return /^V-\d{4}-\d{5,}$/.test(text);
}
