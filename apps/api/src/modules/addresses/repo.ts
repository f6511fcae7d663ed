import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  addressGeocodes,
  buildingAddresses,
  confirmedStreets,
  users,
  type GeocodePrecision,
  type GeocodeSource,
} from '../../db/schema/index.ts';

export interface UserAddressRow {
  id: number;
  address: string | null;
  zipcode: string | null;
  city: string | null;
  geocode: { addressKey: string; lat: number; lon: number; precision: GeocodePrecision } | null;
}

/** The addresses of these users with their stored geocodes (users are read, never written, here). */
export async function userAddresses(tx: Tx, ids: readonly number[]): Promise<UserAddressRow[]> {
  if (ids.length === 0) {
    return [];
  }
  const rows = await tx
    .select({
      id: users.id,
      address: users.address,
      zipcode: users.zipcode,
      city: users.city,
      addressKey: addressGeocodes.addressKey,
      lat: addressGeocodes.lat,
      lon: addressGeocodes.lon,
      precision: addressGeocodes.precision,
    })
    .from(users)
    .leftJoin(addressGeocodes, eq(addressGeocodes.userId, users.id))
    .where(inArray(users.id, [...ids]));
  return rows.map((r) => ({
    id: r.id,
    address: r.address,
    zipcode: r.zipcode,
    city: r.city,
    geocode:
      r.addressKey !== null && r.lat !== null && r.lon !== null && r.precision !== null
        ? { addressKey: r.addressKey, lat: r.lat, lon: r.lon, precision: r.precision }
        : null,
  }));
}

export interface BuildingRow {
  street: string;
  streetKey: string;
  number: string;
  postcode: string;
  locality: string;
  lat: number;
  lon: number;
}

/** The directory's buildings on these (postcode, street key) pairs. */
export async function buildingsOnStreets(tx: Tx, pairs: readonly { postcode: string; streetKey: string }[]): Promise<BuildingRow[]> {
  if (pairs.length === 0) {
    return [];
  }
  const postcodes = pairs.map((p) => p.postcode);
  const keys = pairs.map((p) => p.streetKey);
  return tx
    .select({
      street: buildingAddresses.street,
      streetKey: buildingAddresses.streetKey,
      number: buildingAddresses.number,
      postcode: buildingAddresses.postcode,
      locality: buildingAddresses.locality,
      lat: buildingAddresses.lat,
      lon: buildingAddresses.lon,
    })
    .from(buildingAddresses)
    .where(
      sql`(${buildingAddresses.postcode}, ${buildingAddresses.streetKey}) IN (SELECT * FROM unnest(${sql.param(postcodes)}::text[], ${sql.param(keys)}::text[]))`,
    );
}

export interface StreetRow {
  street: string;
  streetKey: string;
  postcode: string;
  locality: string;
}

/** The streets known in these postcodes: the directory's and those confirmed by earlier checks. */
export async function streetsIn(tx: Tx, postcodes: readonly string[]): Promise<StreetRow[]> {
  if (postcodes.length === 0) {
    return [];
  }
  const list = [...postcodes];
  const [directory, confirmed] = await Promise.all([
    tx
      .selectDistinct({
        street: buildingAddresses.street,
        streetKey: buildingAddresses.streetKey,
        postcode: buildingAddresses.postcode,
        locality: buildingAddresses.locality,
      })
      .from(buildingAddresses)
      .where(inArray(buildingAddresses.postcode, list)),
    tx
      .select({
        street: confirmedStreets.street,
        streetKey: confirmedStreets.streetKey,
        postcode: confirmedStreets.postcode,
        locality: confirmedStreets.locality,
      })
      .from(confirmedStreets)
      .where(inArray(confirmedStreets.postcode, list)),
  ]);
  return [...directory, ...confirmed];
}

/** The postcodes among these that the loaded directory covers (one indexed probe each). */
export async function coveredPostcodes(tx: Tx, postcodes: readonly string[]): Promise<Set<string>> {
  if (postcodes.length === 0) {
    return new Set();
  }
  const rows = await tx
    .select({ postcode: sql<string>`p.postcode` })
    .from(sql`unnest(${sql.param([...postcodes])}::text[]) AS p(postcode)`)
    .where(sql`EXISTS (SELECT 1 FROM ${buildingAddresses} WHERE ${buildingAddresses.postcode} = p.postcode)`);
  return new Set(rows.map((r) => r.postcode));
}

export async function saveGeocode(
  tx: Tx,
  row: {
    userId: number;
    addressKey: string;
    lat: number;
    lon: number;
    precision: GeocodePrecision;
    source: GeocodeSource;
    severity: string;
  },
): Promise<void> {
  await tx
    .insert(addressGeocodes)
    .values(row)
    .onConflictDoUpdate({
      target: addressGeocodes.userId,
      set: {
        addressKey: row.addressKey,
        lat: row.lat,
        lon: row.lon,
        precision: row.precision,
        source: row.source,
        severity: row.severity,
        checkedAt: sql`now()`,
      },
    });
}

export async function confirmStreet(tx: Tx, row: { postcode: string; streetKey: string; street: string; locality: string }): Promise<void> {
  await tx
    .insert(confirmedStreets)
    .values(row)
    .onConflictDoUpdate({
      target: [confirmedStreets.postcode, confirmedStreets.streetKey],
      set: { street: row.street, locality: row.locality, confirmedAt: sql`now()` },
    });
}

/** Replaces the whole directory by these rows, in batches (the import command, in one transaction). */
export async function clearDirectory(tx: Tx): Promise<void> {
  await tx.delete(buildingAddresses);
}

export async function insertBuildings(tx: Tx, rows: readonly (BuildingRow & { egaid: number; official: boolean })[]): Promise<void> {
  if (rows.length > 0) {
    await tx
      .insert(buildingAddresses)
      .values([...rows])
      .onConflictDoNothing();
  }
}
