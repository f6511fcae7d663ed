import { houseNumberKeyOf, localityKeyOf, streetKeyOf, type AddressComponentType } from '@bo/domain';
import { swissPostcodes, type SwissPostcode } from '../../core/postcodes.ts';
import {
  allowedEdits,
  editDistance,
  type AddressCheck,
  type AddressQuery,
  type AddressValidator,
  type CheckedComponent,
  type KnownBuilding,
  type KnownStreet,
  type StreetKnowledge,
} from './address-validator.ts';

/**
 * The offline address check (docs/addresses.md): the postcode and the place against the Swiss postcode
 * file (a mistyped place or two swapped digits corrected, a missing place inferred from the postcode and
 * back), the street against the streets of that postcode the database knows (the official building
 * directory, streets confirmed earlier), the house number against the directory's buildings. A house
 * number it cannot find in the directory is never confirmed, so such an address is never "success".
 */

interface Place extends SwissPostcode {
  key: string;
}

interface PlaceIndex {
  places: Place[];
  byPostcode: Map<string, Place[]>;
  byLocality: Map<string, Place[]>;
}

let index: PlaceIndex | undefined;
function places(): PlaceIndex {
  if (!index) {
    const list = swissPostcodes().rows.map((r) => ({ ...r, key: localityKeyOf(r.locality) }));
    const byPostcode = new Map<string, Place[]>();
    const byLocality = new Map<string, Place[]>();
    for (const p of list) {
      byPostcode.set(p.postcode, [...(byPostcode.get(p.postcode) ?? []), p]);
      byLocality.set(p.key, [...(byLocality.get(p.key) ?? []), p]);
    }
    index = { places: list, byPostcode, byLocality };
  }
  return index;
}

/** A postcode the person typed with one wrong digit or two neighbours swapped. */
function postcodeSlip(typed: string, real: string): boolean {
  if (typed.length !== 4) {
    return false;
  }
  let diff = 0;
  const at: number[] = [];
  for (let i = 0; i < 4; i++) {
    if (typed[i] !== real[i]) {
      diff += 1;
      at.push(i);
    }
  }
  if (diff === 1) {
    return true;
  }
  return diff === 2 && at[1] === at[0]! + 1 && typed[at[0]!] === real[at[1]] && typed[at[1]] === real[at[0]!];
}

// Costs of reading the input as a place of the file; the cheapest reading wins.
const INFERRED = 0.5;
const SLIP = 1;
const REPLACED = 3;
const LETTER = 0.6;
const STREET_UNKNOWN = 2;

interface Reading {
  place: Place;
  cost: number;
  postcode: 'given' | 'inferred' | 'corrected' | 'other';
  locality: 'given' | 'inferred' | 'corrected' | 'other';
}

function readPlace(postcodeIn: string, localityIn: string): Reading[] {
  const { places: all, byPostcode, byLocality } = places();
  const key = localityKeyOf(localityIn);
  const readings: Reading[] = [];
  // The usual case at once: the postcode and one of its places as given (and the same place's postcodes
  // one slip away, which the street may prefer).
  const exact = (byPostcode.get(postcodeIn) ?? []).filter((p) => p.key === key || key === '');
  if (exact.length > 0) {
    const slips =
      key === '' ? [] : (byLocality.get(key) ?? []).filter((p) => p.postcode !== postcodeIn && postcodeSlip(postcodeIn, p.postcode));
    return [
      ...exact.map((place): Reading => ({
        place,
        cost: key === '' ? INFERRED : 0,
        postcode: 'given',
        locality: key === '' ? 'inferred' : 'given',
      })),
      ...slips.map((place): Reading => ({ place, cost: SLIP, postcode: 'corrected', locality: 'given' })),
    ];
  }
  const maxEdits = allowedEdits(key.length);
  for (const place of all) {
    let pc: Reading['postcode'];
    let pcCost: number;
    if (postcodeIn === '') {
      [pc, pcCost] = ['inferred', INFERRED];
    } else if (place.postcode === postcodeIn) {
      [pc, pcCost] = ['given', 0];
    } else if (postcodeSlip(postcodeIn, place.postcode)) {
      [pc, pcCost] = ['corrected', SLIP];
    } else {
      [pc, pcCost] = ['other', REPLACED];
    }
    let loc: Reading['locality'];
    let locCost: number;
    if (key === '') {
      [loc, locCost] = ['inferred', INFERRED];
    } else if (place.key === key) {
      [loc, locCost] = ['given', 0];
    } else {
      const d = editDistance(place.key, key, maxEdits);
      [loc, locCost] = d <= maxEdits ? ['corrected', d * LETTER] : ['other', REPLACED];
    }
    // A postcode one digit off is a slip only when the place confirms it.
    if (pc === 'corrected' && (loc === 'other' || loc === 'inferred')) {
      [pc, pcCost] = ['other', REPLACED];
    }
    if (pc === 'other' && loc === 'other') {
      continue;
    }
    readings.push({ place, cost: pcCost + locCost, postcode: pc, locality: loc });
  }
  // The near-best readings, best first: the street may decide between them (a slipped postcode that is
  // another postcode of the same town).
  const best = Math.min(...readings.map((r) => r.cost));
  return readings.filter((r) => r.cost <= best + SLIP).sort((a, b) => a.cost - b.cost);
}

interface StreetMatch {
  street: KnownStreet;
  corrected: boolean;
  distance: number;
}

/** The known street the route names: as written, or with a few letters wrong when only one street fits. */
function matchStreet(route: string, streets: readonly KnownStreet[]): StreetMatch | null | 'ambiguous' {
  const key = streetKeyOf(route);
  if (key === '') {
    return null;
  }
  const same = streets.find((s) => s.streetKey === key);
  if (same) {
    return { street: same, corrected: false, distance: 0 };
  }
  const max = allowedEdits(key.length);
  let best: KnownStreet[] = [];
  let bestD = max + 1;
  for (const s of streets) {
    const d = editDistance(s.streetKey, key, max);
    if (d < bestD) {
      [best, bestD] = [[s], d];
    } else if (d === bestD && d <= max && !best.some((b) => b.streetKey === s.streetKey)) {
      best.push(s);
    }
  }
  if (bestD > max) {
    return null;
  }
  return best.length === 1 ? { street: best[0]!, corrected: true, distance: bestD } : 'ambiguous';
}

const mean = (rows: readonly KnownBuilding[]) => ({
  lat: rows.reduce((s, r) => s + r.lat, 0) / rows.length,
  lon: rows.reduce((s, r) => s + r.lon, 0) / rows.length,
});

export function offlineValidator(): AddressValidator {
  return {
    provider: 'offline',
    async validate(query: AddressQuery, known: StreetKnowledge): Promise<AddressCheck> {
      let route = query.route.trim().replace(/\s+/g, ' ');
      let number = query.street_number.trim();
      // Spec 3 makes the last word the number: a last word without a digit is still part of the street.
      if (number !== '' && !/\d/.test(number)) {
        route = `${route} ${number}`.trim();
        number = '';
      }
      const postcodeIn = query.postal_code.trim().replace(/^(?:CH|FL|LI)\s*-\s*/i, '');
      const localityIn = query.locality.trim();

      const readings = postcodeIn === '' && localityIn === '' ? [] : readPlace(postcodeIn, localityIn);
      const candidatePostcodes = [...new Set(readings.map((r) => r.place.postcode))].slice(0, 40);
      const streets = route === '' || candidatePostcodes.length === 0 ? [] : await known.streetsIn(candidatePostcodes);

      // Of the near-best readings of the place, the one that also explains the street best.
      let reading: Reading | undefined = readings[0];
      let street: StreetMatch | null | 'ambiguous' = null;
      let bestTotal = Infinity;
      const streetsOf = new Map<string, KnownStreet[]>();
      for (const s of streets) {
        streetsOf.set(s.postcode, [...(streetsOf.get(s.postcode) ?? []), s]);
      }
      const matches = new Map<string, StreetMatch | null | 'ambiguous'>();
      for (const r of readings) {
        const pc = r.place.postcode;
        if (!matches.has(pc)) {
          matches.set(pc, matchStreet(route, streetsOf.get(pc) ?? []));
        }
        const m = matches.get(pc)!;
        const streetCost = route === '' ? 0 : m === null || m === 'ambiguous' ? STREET_UNKNOWN : m.corrected ? m.distance * LETTER : 0;
        if (r.cost + streetCost < bestTotal) {
          [reading, street, bestTotal] = [r, m, r.cost + streetCost];
        }
      }

      const components: CheckedComponent[] = [];
      const missing: AddressComponentType[] = [];
      let geocode: AddressCheck['geocode'] = null;

      // The street and its number.
      const matched = street && street !== 'ambiguous' ? street : null;
      const covered = reading ? await known.coveredPostcodes([reading.place.postcode]) : new Set<string>();
      if (route === '') {
        missing.push('route');
      } else {
        components.push({
          type: 'route',
          text: matched ? matched.street.street : route,
          confirmationLevel: matched
            ? 'CONFIRMED'
            : reading && street !== 'ambiguous' && covered.has(reading.place.postcode)
              ? 'UNCONFIRMED_AND_SUSPICIOUS'
              : 'UNCONFIRMED_BUT_PLAUSIBLE',
          inferred: false,
          spellCorrected: Boolean(matched?.corrected),
        });
      }
      const buildings = matched
        ? await known.buildingsOn([{ postcode: matched.street.postcode, streetKey: matched.street.streetKey }])
        : [];
      if (number === '') {
        missing.push('street_number');
      } else {
        const building = buildings.find((b) => houseNumberKeyOf(b.number) === houseNumberKeyOf(number));
        components.push({
          type: 'street_number',
          text: building ? building.number : number,
          confirmationLevel: building ? 'CONFIRMED' : 'UNCONFIRMED_BUT_PLAUSIBLE',
          inferred: false,
          spellCorrected: false,
        });
        if (building) {
          geocode = { lat: building.lat, lon: building.lon, precision: 'building' };
        }
      }
      if (!geocode && buildings.length > 0) {
        geocode = { ...mean(buildings), precision: 'street' };
      }

      // The postcode and the place.
      if (!reading) {
        if (postcodeIn === '') {
          missing.push('postal_code');
        } else {
          components.push({
            type: 'postal_code',
            text: postcodeIn,
            confirmationLevel: /^\d{4}$/.test(postcodeIn) ? 'UNCONFIRMED_BUT_PLAUSIBLE' : 'UNCONFIRMED_AND_SUSPICIOUS',
            inferred: false,
            spellCorrected: false,
          });
        }
        if (localityIn === '') {
          missing.push('locality');
        } else {
          components.push({
            type: 'locality',
            text: localityIn,
            confirmationLevel: 'UNCONFIRMED_BUT_PLAUSIBLE',
            inferred: false,
            spellCorrected: false,
          });
        }
      } else {
        const { place } = reading;
        components.push(
          reading.postcode === 'other'
            ? {
                type: 'postal_code',
                text: postcodeIn,
                confirmationLevel: /^\d{4}$/.test(postcodeIn) ? 'UNCONFIRMED_BUT_PLAUSIBLE' : 'UNCONFIRMED_AND_SUSPICIOUS',
                inferred: false,
                spellCorrected: false,
              }
            : {
                type: 'postal_code',
                text: place.postcode,
                confirmationLevel: 'CONFIRMED',
                inferred: reading.postcode === 'inferred',
                spellCorrected: reading.postcode === 'corrected',
              },
        );
        components.push(
          reading.locality === 'other'
            ? { type: 'locality', text: localityIn, confirmationLevel: 'UNCONFIRMED_BUT_PLAUSIBLE', inferred: false, spellCorrected: false }
            : {
                type: 'locality',
                text: place.locality,
                confirmationLevel: 'CONFIRMED',
                inferred: reading.locality === 'inferred',
                spellCorrected: reading.locality === 'corrected',
              },
        );
        geocode ??= { lat: place.lat, lon: place.lng, precision: 'locality' };
      }
      components.push({ type: 'country', text: 'CH', confirmationLevel: 'CONFIRMED', inferred: false, spellCorrected: false });
      return { components, missing, geocode };
    },
  };
}
