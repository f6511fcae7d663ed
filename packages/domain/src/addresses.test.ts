import { describe, expect, it } from 'vitest';
import {
  ADDRESS_EMPTY,
  addressCheckInput,
  addressKeyOf,
  addressSeverity,
  localityKeyOf,
  splitAddressLine,
  streetKeyOf,
  type AddressSeverity,
  type VerdictComponent,
} from './addresses.ts';

describe('spec 3: the address split on whitespace', () => {
  it.each([
    ['Bahnhofstrasse 12', 'Bahnhofstrasse', '12'],
    ['Rue de la Gare 5B', 'Rue de la Gare', '5B'],
    ['  Via   Cantonale   3/1 ', 'Via Cantonale', '3/1'],
    // A single token becomes the route.
    ['Bahnhofstrasse', 'Bahnhofstrasse', ''],
    ['12', '12', ''],
    // The last token is the street number, whatever it is (the check then finds it is no number).
    ['Im Gässli', 'Im', 'Gässli'],
    ['', '', ''],
    ['   ', '', ''],
  ])('%j → route %j, street_number %j', (address, route, number) => {
    expect(splitAddressLine(address)).toEqual({ route, street_number: number });
  });
});

describe('spec 3 and 5: the check input from the client, address_empty', () => {
  it.each([
    [
      { id: 7, address: 'Bahnhofstrasse 12', zipcode: '8001', city: 'Zürich' },
      { user_id: 7, route: 'Bahnhofstrasse', street_number: '12', postal_code: '8001', locality: 'Zürich' },
    ],
    [
      { id: 7, address: null, zipcode: '8001', city: null },
      { user_id: 7, route: '', street_number: '', postal_code: '8001', locality: '' },
    ],
    [
      { id: 7, address: 'Dorf', zipcode: ' ', city: 'Buch' },
      { user_id: 7, route: 'Dorf', street_number: '', postal_code: '', locality: 'Buch' },
    ],
  ])('%j is checked as %j', (user, input) => {
    expect(addressCheckInput(user)).toEqual({ ok: true, input });
  });
  it.each([
    { id: null, address: 'Bahnhofstrasse 12', zipcode: '8001', city: 'Zürich' },
    { id: undefined, address: 'Bahnhofstrasse 12', zipcode: '8001', city: 'Zürich' },
    { id: 7, address: '', zipcode: null, city: '  ' },
    { id: 7, address: null, zipcode: null, city: null },
  ])('%j has no address to check', (user) => {
    expect(addressCheckInput(user)).toEqual({ ok: false, error: ADDRESS_EMPTY });
    expect(ADDRESS_EMPTY).toBe('container.address_validation.errors.address_empty');
  });
});

const C = (confirmationLevel: VerdictComponent['confirmationLevel'], flags: Partial<VerdictComponent> = {}): VerdictComponent => ({
  confirmationLevel,
  inferred: false,
  spellCorrected: false,
  ...flags,
});
const ok = C('CONFIRMED');
const plausible = C('UNCONFIRMED_BUT_PLAUSIBLE');
const suspicious = C('UNCONFIRMED_AND_SUSPICIOUS');

describe('spec 4: the verdict severity', () => {
  it.each<[string, boolean, VerdictComponent[], AddressSeverity]>([
    ['complete, all confirmed', true, [ok, ok, ok, ok, ok], 'success'],
    ['complete, one part inferred', true, [ok, C('CONFIRMED', { inferred: true }), ok, ok, ok], 'info'],
    ['complete, one part spell-corrected', true, [C('CONFIRMED', { spellCorrected: true }), ok, ok, ok, ok], 'info'],
    ['complete, one part unconfirmed', true, [ok, plausible, ok, ok, ok], 'warning'],
    ['complete, two parts unconfirmed', true, [plausible, plausible, ok, ok, ok], 'warning'],
    ['complete, 3 parts unconfirmed', true, [plausible, plausible, plausible, ok, ok], 'error'],
    ['incomplete, 3 parts unconfirmed', false, [plausible, plausible, plausible], 'error'],
    ['complete, one part suspicious', true, [suspicious, ok, ok, ok, ok], 'error'],
    ['incomplete, the rest confirmed', false, [ok, ok, ok], 'warning'],
    ['incomplete, the rest inferred', false, [C('CONFIRMED', { inferred: true }), ok], 'warning'],
    ['incomplete, a suspicious part', false, [suspicious], 'error'],
    ['no parts at all', false, [], 'warning'],
  ])('%s → %s', (_, addressComplete, components, expected) => {
    expect(addressSeverity({ addressComplete, components })).toBe(expected);
  });
});

describe('the keys addresses are compared by', () => {
  it.each([
    ['Bahnhofstrasse', 'Bahnhofstr.'],
    ['Bahnhofstrasse', 'bahnhof-strasse'],
    ['Grosse Gasse', 'Große Gasse'],
    ['Chemin des Épinettes', 'chemin des epinettes'],
    ['St. Gallerstrasse', 'St Gallerstr'],
  ])('%j is the street %j', (a, b) => {
    expect(streetKeyOf(a)).toBe(streetKeyOf(b));
  });
  it.each([
    ['St. Gallen', 'Sankt Gallen'],
    ['Zürich', 'zurich'],
    ['St-Blaise', 'Saint-Blaise'],
  ])('%j is the place %j', (a, b) => {
    expect(localityKeyOf(a)).toBe(localityKeyOf(b));
  });
  it('an address key changes with any of its parts', () => {
    const a = { address: 'Bahnhofstrasse 12', zipcode: '8001', city: 'Zürich' };
    expect(addressKeyOf(a)).toBe(addressKeyOf({ address: 'Bahnhofstr. 12', zipcode: '8001 ', city: 'zurich' }));
    expect(addressKeyOf(a)).not.toBe(addressKeyOf({ ...a, address: 'Bahnhofstrasse 14' }));
    expect(addressKeyOf(a)).not.toBe(addressKeyOf({ ...a, zipcode: '8002' }));
    expect(addressKeyOf(a)).not.toBe(addressKeyOf({ ...a, city: 'Zug' }));
  });
});
