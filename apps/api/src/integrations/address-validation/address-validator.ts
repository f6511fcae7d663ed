import type { AddressComponentType, ConfirmationLevel } from '@bo/domain';

/** What is checked: spec 3's input without the user's id. */
export interface AddressQuery {
  route: string;
  street_number: string;
  postal_code: string;
  locality: string;
}

export interface CheckedComponent {
  type: AddressComponentType;
  /** The component as the check writes it (corrected or inferred), else as given. */
  text: string;
  confirmationLevel: ConfirmationLevel;
  inferred: boolean;
  spellCorrected: boolean;
}

export interface AddressCheck {
  /** The components present in the input or inferred, in the order an address is written. */
  components: CheckedComponent[];
  /** The components neither given nor inferred. */
  missing: AddressComponentType[];
  geocode: { lat: number; lon: number; precision: 'building' | 'street' | 'locality' } | null;
}

export interface KnownStreet {
  street: string;
  streetKey: string;
  postcode: string;
}

export interface KnownBuilding extends KnownStreet {
  number: string;
  lat: number;
  lon: number;
}

/** The streets and buildings the database knows (the offline check asks it; Google does not). */
export interface StreetKnowledge {
  /** Streets known in these postcodes: the official directory's and those confirmed earlier. */
  streetsIn(postcodes: readonly string[]): Promise<KnownStreet[]>;
  /** The directory's buildings on these streets. */
  buildingsOn(pairs: readonly { postcode: string; streetKey: string }[]): Promise<KnownBuilding[]>;
  /** The postcodes among these that the official directory covers (a street missing there does not exist). */
  coveredPostcodes(postcodes: readonly string[]): Promise<Set<string>>;
}

/** Checks one Swiss address: the offline default, or Google's Address Validation API. */
export interface AddressValidator {
  readonly provider: 'offline' | 'google';
  validate(query: AddressQuery, known: StreetKnowledge): Promise<AddressCheck>;
}

/** The provider could not be asked or answered nothing usable. */
export class AddressValidationError extends Error {
  override readonly name = 'AddressValidationError';
  readonly status: number | undefined;

  constructor(message: string, opts: { status?: number; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.status = opts.status;
  }
}

/**
 * The optimal-string-alignment distance (insertions, deletions, substitutions and swaps of two
 * neighbours each count 1), or `max + 1` as soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) {
    return max + 1;
  }
  if (a === b) {
    return 0;
  }
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, prev2[j - 2]! + 1);
      }
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) {
      return max + 1;
    }
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length]!;
}

/** How many mistakes a name of this many letters may carry and still be recognised. */
export const allowedEdits = (length: number) => (length < 4 ? 0 : length < 8 ? 1 : 2);
