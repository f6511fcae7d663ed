import { streetKeyOf } from '@bo/domain';
import { describe, expect, it } from 'vitest';
import { editDistance, offlineValidator, type KnownBuilding, type StreetKnowledge } from './index.ts';

const B = (street: string, number: string, postcode: string, lat = 47.37, lon = 8.54): KnownBuilding => ({
  street,
  streetKey: streetKeyOf(street),
  number,
  postcode,
  lat,
  lon,
});
const BUILDINGS = [
  B('Bahnhofstrasse', '1', '8001'),
  B('Bahnhofstrasse', '3', '8001'),
  B('Limmatquai', '2', '8001'),
  B('Industriestrasse', '12', '8604'),
];
const knowledge: StreetKnowledge = {
  streetsIn: (pcs) => Promise.resolve(BUILDINGS.filter((b) => pcs.includes(b.postcode))),
  buildingsOn: (pairs) =>
    Promise.resolve(BUILDINGS.filter((b) => pairs.some((p) => p.postcode === b.postcode && p.streetKey === b.streetKey))),
  coveredPostcodes: (pcs) => Promise.resolve(new Set(pcs.filter((p) => BUILDINGS.some((b) => b.postcode === p)))),
};
const check = (route: string, street_number: string, postal_code: string, locality: string) =>
  offlineValidator().validate({ route, street_number, postal_code, locality }, knowledge);

describe('the offline address check', () => {
  it('reads swapped postcode digits that are another postcode of the same town by the street', async () => {
    const r = await check('Bahnhofstrase', '3', '8010', 'Zürch');
    expect(r.components.map((c) => [c.type, c.text, c.confirmationLevel, c.spellCorrected, c.inferred])).toEqual([
      ['route', 'Bahnhofstrasse', 'CONFIRMED', true, false],
      ['street_number', '3', 'CONFIRMED', false, false],
      ['postal_code', '8001', 'CONFIRMED', true, false],
      ['locality', 'Zürich', 'CONFIRMED', true, false],
      ['country', 'CH', 'CONFIRMED', false, false],
    ]);
  });

  it('infers the postcode from a place with one postcode, and the place from a postcode', async () => {
    const r = await check('', '', '', 'Volketswil');
    expect(r.components.find((c) => c.type === 'postal_code')).toMatchObject({ text: '8604', inferred: true });
    const back = await check('', '', '8604', '');
    expect(back.components.find((c) => c.type === 'locality')).toMatchObject({ text: 'Volketswil', inferred: true });
    expect(back.missing).toEqual(['route', 'street_number']);
    expect(back.geocode).toMatchObject({ precision: 'locality' });
  });

  it('does not take a postcode one digit off when the place does not confirm it', async () => {
    const r = await check('Irgendweg', '4', '0000', 'Xyzzyville');
    expect(r.components.filter((c) => c.confirmationLevel !== 'CONFIRMED').map((c) => c.type)).toEqual([
      'route',
      'street_number',
      'postal_code',
      'locality',
    ]);
  });

  it('leaves a street it cannot tell from two known ones unconfirmed', async () => {
    const twins: StreetKnowledge = {
      ...knowledge,
      streetsIn: () => Promise.resolve([B('Bergweg', '1', '8001'), B('Burgweg', '1', '8001')]),
    };
    const r = await offlineValidator().validate({ route: 'Birgweg', street_number: '1', postal_code: '8001', locality: 'Zürich' }, twins);
    expect(r.components[0]).toMatchObject({ type: 'route', text: 'Birgweg', confirmationLevel: 'UNCONFIRMED_BUT_PLAUSIBLE' });
  });
});

describe('editDistance', () => {
  it.each([
    ['bahnhofstr', 'bahnhofstr', 0],
    ['bahnhofstr', 'bahnhfostr', 1],
    ['zurich', 'zurch', 1],
    ['zurich', 'zuerich', 1],
    ['abc', 'xyz', 3],
    ['kurz', 'ganzlang', 3],
  ])('%s → %s: %i (capped at max + 1 = 3)', (a, b, d) => {
    expect(editDistance(a, b, 2)).toBe(Math.min(d, 3));
  });
});
