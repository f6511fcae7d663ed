import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The Swiss postcodes with their places and coordinates (db/seed/ch-postcodes.csv), read once per
 * process: the duplicate engine measures how far apart two postcodes are (a mistyped postcode of a
 * nearby place), the import checks that a postcode exists and its place fits it.
 */
export interface SwissPostcode {
  postcode: string;
  locality: string;
  canton: string;
  lat: number;
  lng: number;
}

/** Where a postcode lies (the mean of its places' coordinates); null when unknown. The domain's PostcodeLookup. */
export interface PostcodeCoordinates {
  coordinates(postcode: string): { lat: number; lng: number } | null;
}

export interface SwissPostcodes extends PostcodeCoordinates {
  /** Every row of the file (one postcode may have several places). */
  rows: readonly SwissPostcode[];
  /** The places of a postcode ([] when unknown). */
  localitiesOf(postcode: string): readonly string[];
  /** The postcodes whose centre lies within `km` of the postcode's centre, itself included ([] when unknown). */
  near(postcode: string, km: number): string[];
}

const FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'db', 'seed', 'ch-postcodes.csv');

/** Great-circle distance in kilometres. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Builds the lookup from the file's text (header `postcode,locality,canton,lat,lng`). */
export function parseSwissPostcodes(csv: string): SwissPostcodes {
  const rows: SwissPostcode[] = [];
  for (const line of csv.trim().split('\n').slice(1)) {
    const [postcode = '', locality = '', canton = '', lat = '', lng = ''] = line.trim().split(',');
    if (postcode && Number.isFinite(Number(lat)) && Number.isFinite(Number(lng)) && lat !== '' && lng !== '') {
      rows.push({ postcode, locality, canton, lat: Number(lat), lng: Number(lng) });
    }
  }
  const sums = new Map<string, { lat: number; lng: number; n: number; localities: string[] }>();
  for (const r of rows) {
    const s = sums.get(r.postcode) ?? { lat: 0, lng: 0, n: 0, localities: [] };
    s.lat += r.lat;
    s.lng += r.lng;
    s.n += 1;
    s.localities.push(r.locality);
    sums.set(r.postcode, s);
  }
  const centres = new Map<string, { lat: number; lng: number }>();
  const localities = new Map<string, string[]>();
  for (const [postcode, s] of sums) {
    centres.set(postcode, { lat: s.lat / s.n, lng: s.lng / s.n });
    localities.set(postcode, s.localities);
  }
  const nearCache = new Map<string, string[]>();
  // The centres by latitude: a search for the near ones reads only the band within reach.
  const order = new Map([...centres.keys()].map((p, i) => [p, i]));
  const byLatitude = [...centres].map(([postcode, c]) => ({ postcode, ...c })).sort((a, b) => a.lat - b.lat);
  const firstAtOrAbove = (lat: number) => {
    let lo = 0;
    let hi = byLatitude.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (byLatitude[mid]!.lat < lat) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  };
  return {
    rows,
    coordinates: (postcode) => centres.get(postcode.trim()) ?? null,
    localitiesOf: (postcode) => localities.get(postcode.trim()) ?? [],
    near(postcode, km) {
      const key = `${postcode.trim()}:${km}`;
      const cached = nearCache.get(key);
      if (cached) {
        return cached;
      }
      const centre = centres.get(postcode.trim());
      // A degree of latitude is 111 km: a centre further north or south is not measured.
      const band = km / 111;
      const found: string[] = [];
      if (centre) {
        for (let i = firstAtOrAbove(centre.lat - band); i < byLatitude.length && byLatitude[i]!.lat <= centre.lat + band; i += 1) {
          const c = byLatitude[i]!;
          if (distanceKm(centre, c) <= km) {
            found.push(c.postcode);
          }
        }
        // In the file's order, as before (the order of the postcodes is part of the probe's text).
        found.sort((a, b) => order.get(a)! - order.get(b)!);
      }
      if (nearCache.size > 20_000) {
        nearCache.clear();
      }
      nearCache.set(key, found);
      return found;
    },
  };
}

let loaded: SwissPostcodes | undefined;

/** The lookup of db/seed/ch-postcodes.csv, built on first use and kept. */
export function swissPostcodes(): SwissPostcodes {
  loaded ??= parseSwissPostcodes(fs.readFileSync(FILE, 'utf8'));
  return loaded;
}
