/**
 * Address checks (spec 3 "Address check input", 4 "Address verdict severity", 5 "address_empty"):
 * how a client's record becomes the check's input, how the verdict's severity follows from the
 * components, and the keys addresses are compared by.
 */

export const ADDRESS_EMPTY = 'container.address_validation.errors.address_empty';

/** Spec 3: the address components, in the order an address is written. */
export const ADDRESS_COMPONENT_TYPES = ['route', 'street_number', 'postal_code', 'locality', 'country'] as const;
export type AddressComponentType = (typeof ADDRESS_COMPONENT_TYPES)[number];

export interface AddressCheckInput {
  user_id: number;
  locality: string;
  postal_code: string;
  route: string;
  street_number: string;
}

export interface AddressOfUser {
  id: number | null | undefined;
  address: string | null | undefined;
  zipcode: string | null | undefined;
  city: string | null | undefined;
}

/**
 * Spec 3: the address split on whitespace; the last token becomes the street number, a single token
 * the route (and no number).
 */
export function splitAddressLine(address: string | null | undefined): { route: string; street_number: string } {
  const tokens = (address ?? '')
    .trim()
    .split(/\s+/)
    .filter((t) => t !== '');
  if (tokens.length === 0) {
    return { route: '', street_number: '' };
  }
  if (tokens.length === 1) {
    return { route: tokens[0]!, street_number: '' };
  }
  return { route: tokens.slice(0, -1).join(' '), street_number: tokens[tokens.length - 1]! };
}

/**
 * Spec 3 and 5: the check's input from the client's id, address, zipcode and city; `address_empty`
 * when the client has no id or has none of address, zipcode and city.
 */
export function addressCheckInput(
  user: AddressOfUser,
): { ok: true; input: AddressCheckInput } | { ok: false; error: typeof ADDRESS_EMPTY } {
  const address = (user.address ?? '').trim();
  const zipcode = (user.zipcode ?? '').trim();
  const city = (user.city ?? '').trim();
  if (user.id === null || user.id === undefined || (address === '' && zipcode === '' && city === '')) {
    return { ok: false, error: ADDRESS_EMPTY };
  }
  return { ok: true, input: { user_id: user.id, locality: city, postal_code: zipcode, ...splitAddressLine(address) } };
}

/** Google's confirmation levels, which the offline check uses too. */
export const CONFIRMATION_LEVELS = ['CONFIRMED', 'UNCONFIRMED_BUT_PLAUSIBLE', 'UNCONFIRMED_AND_SUSPICIOUS'] as const;
export type ConfirmationLevel = (typeof CONFIRMATION_LEVELS)[number];

export interface VerdictComponent {
  confirmationLevel: ConfirmationLevel;
  inferred: boolean;
  spellCorrected: boolean;
}

export type AddressSeverity = 'success' | 'info' | 'warning' | 'error';

/**
 * Spec 4: success when the address is complete with no inferred or unconfirmed parts; info when
 * complete and some parts are inferred or spell-corrected; error when a part is suspicious or 3 or
 * more parts are unconfirmed; otherwise warning. (Error is checked first: it wins over the others.)
 */
export function addressSeverity(verdict: { addressComplete: boolean; components: readonly VerdictComponent[] }): AddressSeverity {
  const unconfirmed = verdict.components.filter((c) => c.confirmationLevel !== 'CONFIRMED');
  if (unconfirmed.some((c) => c.confirmationLevel === 'UNCONFIRMED_AND_SUSPICIOUS') || unconfirmed.length >= 3) {
    return 'error';
  }
  if (!verdict.addressComplete || unconfirmed.length > 0) {
    return 'warning';
  }
  if (verdict.components.some((c) => c.inferred || c.spellCorrected)) {
    return 'info';
  }
  return 'success';
}

const ACCENTS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o' };

/** Lower case without accents (ä → a, é → e, ß → ss). */
export function plainText(s: string): string {
  return s
    .toLowerCase()
    .replace(/[ßæœø]/g, (c) => ACCENTS[c] ?? c)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** A street compared by its letters and digits: "Bahnhofstr. 12" and "bahnhof-strasse 12" → "bahnhofstrasse12". */
export function streetKeyOf(street: string): string {
  return plainText(street)
    .replace(/str\.|str\b/g, 'strasse')
    .replace(/\bst(?:[.-]\s*|\s+)/g, 'saint')
    .replace(/[^a-z0-9]+/g, '');
}

/** A place compared by its letters: "St. Gallen" and "st-gallen" alike; digits ("Zürich 1") kept. */
export function localityKeyOf(locality: string): string {
  return plainText(locality)
    .replace(/\bst(?:[.-]\s*|\s+)/g, 'saint')
    .replace(/\bsankt\b/g, 'saint')
    .replace(/[^a-z0-9]+/g, '');
}

/** A house number compared: lower case, no spaces ("12 A" = "12a"). */
export function houseNumberKeyOf(n: string): string {
  return plainText(n).replace(/\s+/g, '');
}

/** The address a geocode was made for: when any part changes, the geocode no longer applies. */
export function addressKeyOf(a: {
  address: string | null | undefined;
  zipcode: string | null | undefined;
  city: string | null | undefined;
}): string {
  return `${streetKeyOf(a.address ?? '')}|${(a.zipcode ?? '').trim()}|${localityKeyOf(a.city ?? '')}`;
}
