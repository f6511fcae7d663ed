import { addressKeyOf, houseNumberKeyOf, localityKeyOf, splitStreet, streetKeyOf } from '@bo/domain';
import type { Tx } from '../../db/client.ts';
import type { GeocodePrecision } from '../../db/schema/index.ts';
import { swissPostcodes } from '../../core/postcodes.ts';
import { buildingsOnStreets, userAddresses, type BuildingRow } from './repo.ts';

export interface UserLocation {
  lat: number;
  lon: number;
  precision: GeocodePrecision;
}

let localityPoints: Map<string, { lat: number; lon: number }> | undefined;

/** A place's point by its name alone (the first row of the postcode file with that name). */
function pointOfLocality(city: string): { lat: number; lon: number } | null {
  if (!localityPoints) {
    localityPoints = new Map();
    for (const r of swissPostcodes().rows) {
      const key = localityKeyOf(r.locality);
      if (!localityPoints.has(key)) {
        localityPoints.set(key, { lat: r.lat, lon: r.lng });
      }
    }
  }
  return localityPoints.get(localityKeyOf(city)) ?? null;
}

/** The postcode's point (the mean of its places' points), or the place's when the postcode is unknown. */
export function pointOfPlace(zipcode: string | null, city: string | null): { lat: number; lon: number } | null {
  const c = zipcode ? swissPostcodes().coordinates(zipcode) : null;
  if (c) {
    return { lat: c.lat, lon: c.lng };
  }
  return city ? pointOfLocality(city) : null;
}

const mean = (rows: readonly BuildingRow[]) => ({
  lat: rows.reduce((s, r) => s + r.lat, 0) / rows.length,
  lon: rows.reduce((s, r) => s + r.lon, 0) / rows.length,
});

/**
 * Where these users (clients or staff) live, for distances: the checked geocode of their current address
 * (address_geocodes) when there is one; else the building of the official directory; else the middle of
 * their street in the directory; else their postcode's point (or their place's). A user with none of
 * these, or unknown, is not in the map. Two queries whatever the number of users.
 */
export async function locateUsers(tx: Tx, userIds: readonly number[]): Promise<Map<number, UserLocation>> {
  const found = new Map<number, UserLocation>();
  const rows = await userAddresses(tx, [...new Set(userIds)]);
  const pending: Pending[] = [];
  for (const r of rows) {
    if (r.geocode && r.geocode.addressKey === addressKeyOf(r)) {
      found.set(r.id, { lat: r.geocode.lat, lon: r.geocode.lon, precision: r.geocode.precision });
      continue;
    }
    pending.push(pendingOf(r.id, r));
  }
  await locatePending(tx, pending, found);
  return found;
}

/** An address not saved on anyone (a draft of the planner), located as a user's address is. */
export async function locateAddress(
  tx: Tx,
  a: { address: string | null; zipcode: string | null; city: string | null },
): Promise<UserLocation | null> {
  const found = new Map<number, UserLocation>();
  await locatePending(tx, [pendingOf(0, a)], found);
  return found.get(0) ?? null;
}

interface Pending {
  id: number;
  postcode: string;
  streetKey: string;
  number: string;
  zipcode: string | null;
  city: string | null;
}

function pendingOf(id: number, a: { address: string | null; zipcode: string | null; city: string | null }): Pending {
  const { street, buildingNumber } = splitStreet(a.address);
  return {
    id,
    postcode: (a.zipcode ?? '').trim(),
    streetKey: streetKeyOf(street),
    number: houseNumberKeyOf(buildingNumber),
    zipcode: a.zipcode,
    city: a.city,
  };
}

/** The building, else the street's middle, else the postcode's (or place's) point of each address, into `found`. */
async function locatePending(tx: Tx, pending: readonly Pending[], found: Map<number, UserLocation>): Promise<void> {
  const streets = pending.filter((p) => p.postcode !== '' && p.streetKey !== '');
  const buildings = await buildingsOnStreets(tx, [
    ...new Map(streets.map((p) => [`${p.postcode}|${p.streetKey}`, { postcode: p.postcode, streetKey: p.streetKey }])).values(),
  ]);
  const byStreet = new Map<string, BuildingRow[]>();
  for (const b of buildings) {
    const key = `${b.postcode}|${b.streetKey}`;
    byStreet.set(key, [...(byStreet.get(key) ?? []), b]);
  }
  for (const p of pending) {
    const onStreet = byStreet.get(`${p.postcode}|${p.streetKey}`) ?? [];
    const building = p.number === '' ? undefined : onStreet.find((b) => houseNumberKeyOf(b.number) === p.number);
    if (building) {
      found.set(p.id, { lat: building.lat, lon: building.lon, precision: 'building' });
    } else if (onStreet.length > 0) {
      found.set(p.id, { ...mean(onStreet), precision: 'street' });
    } else {
      const point = pointOfPlace(p.zipcode, p.city);
      if (point) {
        found.set(p.id, { ...point, precision: 'locality' });
      }
    }
  }
}
