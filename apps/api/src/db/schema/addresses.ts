import { bigint, boolean, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/** How exactly a point locates an address: the building itself, somewhere on its street, or the place (postcode). */
export type GeocodePrecision = 'building' | 'street' | 'locality';
/** Who produced a geocode. */
export type GeocodeSource = 'offline' | 'google';

/**
 * The last checked geocode of a client's (or staff member's) address, owned by the addresses module.
 * `address_key` is the address, postcode and place it was made for (normalised): once the address
 * changes the row no longer applies and the planner falls back to the building directory or the
 * postcode's point until the address is checked again.
 */
export const addressGeocodes = pgTable('address_geocodes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  addressKey: text('address_key').notNull(),
  lat: doublePrecision('lat').notNull(),
  lon: doublePrecision('lon').notNull(),
  precision: text('precision').$type<GeocodePrecision>().notNull(),
  source: text('source').$type<GeocodeSource>().notNull(),
  /** The verdict's severity when it was checked (success, info, warning, error). */
  severity: text('severity').notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The official Swiss building address directory (swisstopo, "Amtliches Gebäudeadressverzeichnis"),
 * loaded by an admin with `npm run addresses:import -- <csv>`; empty until then.
 */
export const buildingAddresses = pgTable(
  'building_addresses',
  {
    egaid: bigint('egaid', { mode: 'number' }).primaryKey(),
    street: text('street').notNull(),
    /** streetKeyOf(street): lower case, no accents, "strasse" as "str", letters and digits only. */
    streetKey: text('street_key').notNull(),
    /** The house number as written ("12", "12a", "31.1"); '' for an address without one. */
    number: text('number').notNull(),
    postcode: text('postcode').notNull(),
    locality: text('locality').notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    official: boolean('official').notNull().default(true),
  },
  (t) => [index('building_addresses_postcode_street_idx').on(t.postcode, t.streetKey, t.number)],
);

/** Streets a check confirmed (Google, or a person accepting a checked address), per postcode. */
export const confirmedStreets = pgTable(
  'confirmed_streets',
  {
    postcode: text('postcode').notNull(),
    streetKey: text('street_key').notNull(),
    street: text('street').notNull(),
    locality: text('locality').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postcode, t.streetKey] })],
);
