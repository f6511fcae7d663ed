import { sql, type SQL } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { locations } from './locations.ts';

export const roles = pgTable('roles', {
  id: smallint('id').primaryKey(),
  code: text('code').notNull().unique(),
  abbr: text('abbr').notNull().unique(),
});

/**
 * The accented letters the duplicate engine's keys fold, and what each becomes (translate's two
 * lists). Shared with the keys computed in the server (modules/clients/match-keys.ts).
 */
export const FOLD_FROM = 'äöüàâáéèêëïîíôóûúçñ';
export const FOLD_TO = 'aouaaaeeeeiiioouucn';
const FOLDED = sql.raw(`'${FOLD_FROM}', '${FOLD_TO}'`);

/**
 * How a surname sounds, accents folded (Meier, Maier and Meyer alike; Müller and Mueller alike): the
 * duplicates by a similar name are looked for among the clients of one postcode whose surnames sound
 * alike (apps/api/src/modules/clients/relations.repo.ts), through users_zipcode_surname_sound_idx.
 */
export const surnameSound = (surname: AnyPgColumn | SQL) => sql`soundex(translate(lower(${surname}), ${FOLDED}))`;

/**
 * How a place is compared by the duplicate engine: lower case, accents folded, only the letters kept
 * ('Zürich' = 'Zurich', 'Lausanne 25' = 'Lausanne', 'St. Gallen' = 'St Gallen'). An expression (no
 * stored column), so every writer of clients keeps the index right by writing `city` alone.
 */
export const localityKey = (city: AnyPgColumn | SQL) => sql`regexp_replace(translate(lower(${city}), ${FOLDED}), '[^a-z]+', '', 'g')`;

/**
 * How a street with its number is compared by the duplicate engine: lower case, accents folded, ß as
 * ss, 'strasse' and 'str.' both as 'str', only letters and digits kept ('Bahnhofstr. 12' =
 * 'Bahnhofstrasse 12' = 'bahnhofstr12').
 */
export const streetKey = (address: AnyPgColumn | SQL) =>
  sql`regexp_replace(regexp_replace(translate(replace(lower(${address}), 'ß', 'ss'), ${FOLDED}), 'strasse|str[.]', 'str', 'g'), '[^a-z0-9]+', '', 'g')`;

/**
 * The street of an address without its number, as streetKey writes it ('Bahnhofstr. 12a' and
 * 'Bahnhofstrasse 12' = 'bahnhofstr'): the street of the duplicate engine's key "postcode, street and
 * given name" (the domain's `sg:` blocking key, packages/domain/src/dedupe/blocking.ts).
 */
export const streetNameKey = (address: AnyPgColumn | SQL) => streetNameOfKey(streetKey(address));

/**
 * streetNameKey from an address's streetKey already computed (the duplicate engine's probes compute
 * the street key once and derive the rest from it); `streetNameKey(a)` is `streetNameOfKey(streetKey(a))`.
 */
export const streetNameOfKey = (key: SQL) => sql`regexp_replace(regexp_replace(${key}, '[0-9]+[a-z]?$', ''), '[0-9]+', '', 'g')`;

/**
 * The building number of an address, its first digits ('Bahnhofstrasse 12a' = '12'): the number of the
 * duplicate engine's key "postcode, given name and number" (the domain's `gn:` blocking key).
 */
export const houseNumberKey = (address: AnyPgColumn | SQL) => sql`substring(${address} from '[0-9]+')`;

/** Clients are users whose role is `user`; staff are users of the other seven roles. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    roleId: smallint('role_id')
      .notNull()
      .references(() => roles.id),
    email: text('email'),
    passwordHash: text('password_hash'),
    name: text('name').notNull().default(''),
    surname: text('surname').notNull().default(''),
    age: smallint('age'),
    zipcode: text('zipcode'),
    city: text('city'),
    address: text('address'),
    phone: text('phone'),
    phoneE164: text('phone_e164'),
    mobilePhone: text('mobile_phone'),
    mobilePhoneE164: text('mobile_phone_e164'),
    hasKids: boolean('has_kids'),
    hasAllergies: boolean('has_allergies'),
    type: text('type').notNull().default('B2C'),
    gender: text('gender'),
    relations: text('relations'),
    workingStatus: text('working_status'),
    personsAtHome: text('persons_at_home'),
    company: text('company'),
    locale: text('locale').notNull().default('de'),
    isActive: boolean('is_active').notNull().default(true),
    promotionalGift: text('promotional_gift'),
    recommendationsNeeded: smallint('recommendations_needed'),
    recommendationProducts: text('recommendation_products'),
    pet: text('pet'),
    referralLink: text('referral_link'),
    leadSource: text('lead_source'),
    /** The event or mall where the lead was collected. */
    leadLocationId: integer('lead_location_id').references(() => locations.id, { onDelete: 'set null' }),
    status: text('status'),
    /** The sales agent who looks after the client (spec 3 "linked_agent"). */
    linkedAgentId: integer('linked_agent_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** The partner or independent agent who brought the lead (the lead source's "lead_user"). */
    referredById: integer('referred_by_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** Free text a filter can match (spec 3 filter field "category"). */
    category: text('category'),
    timeToCall: text('time_to_call'),
    hasOnboardingSms: boolean('has_onboarding_sms').notNull().default(false),
    /** first, second, third, expired or stopped (modules/clients/reminders.service.ts); null: no reminders. */
    emailReminderStage: text('email_reminder_stage'),
    /** When the client entered that stage: the next one is due a number of days later. */
    emailReminderStageAt: timestamp('email_reminder_stage_at', { withTimezone: true }),
    /** Kept by the contact history: the list filters and the call agents' queue read them without a join. */
    callsCount: integer('calls_count').notNull().default(0),
    lastContactAt: timestamp('last_contact_at', { withTimezone: true }),
    /** The earliest recall not yet done; null when none is open. */
    nextRecallAt: timestamp('next_recall_at', { withTimezone: true }),
    /** Buyers: set by the finances when the invoice went out and when the purchase is complete. */
    invoiceSentAt: timestamp('invoice_sent_at', { withTimezone: true }),
    purchaseFinishedAt: timestamp('purchase_finished_at', { withTimezone: true }),
    themeColour: text('theme_colour').notNull().default('blue'),
    createdById: integer('created_by_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // The duplicate engine's key parts (modules/clients/matches.repo.ts), computed by the database on
    // every write of the fields they come from: its indexes are on them, and an import's check reads
    // them for every client at once (matches.scan.ts) instead of computing them a million times.
    /** How the surname sounds (surnameSound). */
    matchSurnameSound: text('match_surname_sound').generatedAlwaysAs(surnameSound(sql.raw('surname'))),
    /** How the given name sounds (surnameSound of the name). */
    matchGivenSound: text('match_given_sound').generatedAlwaysAs(surnameSound(sql.raw('name'))),
    /** The place as compared (localityKey). */
    matchLocality: text('match_locality').generatedAlwaysAs(localityKey(sql.raw('city'))),
    /** The street with its number as compared (streetKey). */
    matchStreet: text('match_street').generatedAlwaysAs(streetKey(sql.raw('address'))),
    /** The street without its number (streetNameKey). */
    matchStreetName: text('match_street_name').generatedAlwaysAs(streetNameKey(sql.raw('address'))),
    /** The building number's first digits (houseNumberKey). */
    matchNumber: text('match_number').generatedAlwaysAs(houseNumberKey(sql.raw('address'))),
  },
  (t) => [
    uniqueIndex('users_email_unique')
      .on(t.email)
      .where(sql`${t.email} IS NOT NULL`),
    index('users_phone_e164_idx').on(t.phoneE164),
    index('users_mobile_phone_e164_idx').on(t.mobilePhoneE164),
    index('users_lead_location_idx').on(t.leadLocationId),
    // User lists ordered by name within a role (a million clients: no sort of the whole role).
    index('users_role_name_idx').on(t.roleId, t.surname, t.name, t.id),
    // Substring search over name, surname and e-mail (pg_trgm, created by the migration).
    index('users_search_trgm_idx').using('gin', sql`(${t.name} || ' ' || ${t.surname} || ' ' || coalesce(${t.email}, '')) gin_trgm_ops`),
    // Clients by status and by lead source (admin pie chart): one index-only scan instead of reading the table.
    index('users_role_status_lead_source_idx').on(t.roleId, t.status, t.leadSource),
    // User and client lists: newest change first, the id breaking ties, per role. Queries order by
    // `updated_at DESC NULLS LAST, id DESC` to match it (a plain DESC would be NULLS FIRST and sort the role).
    index('users_role_updated_id_idx').on(t.roleId, t.updatedAt.desc().nullsLast(), t.id.desc().nullsFirst()),
    // The buyers tab: buyers only, newest change first (without it a page walks every client of the role).
    // The linked agent last: an agent's buyers tab and its count are decided in the index alone.
    index('users_buyers_updated_idx')
      .on(t.updatedAt.desc().nullsLast(), t.id.desc().nullsFirst(), t.linkedAgentId)
      .where(sql`${t.roleId} = 2 AND ${t.status} IN ('buy_product', 'buy_other_products')`),
    // The e-mail reminders list: the clients in a reminder stage, newest stage change first.
    index('users_email_reminder_idx')
      .on(t.emailReminderStageAt.desc().nullsLast(), t.id.desc().nullsFirst())
      .where(sql`${t.emailReminderStage} IS NOT NULL`),
    index('users_linked_agent_idx').on(t.linkedAgentId),
    // Clients whose recall falls before a day (the lists' open_recalls_to filter, the dashboards' "recalls
    // due" card): the range, then the tab's type and status and an agent's scope, from the index alone.
    index('users_recall_due_idx')
      .on(t.nextRecallAt, t.type, t.status, t.linkedAgentId, t.id)
      .where(sql`${t.roleId} = 2 AND ${t.nextRecallAt} IS NOT NULL`),
    index('users_referred_by_idx').on(t.referredById),
    index('users_created_by_idx').on(t.createdById),
    // Duplicate check and search by e-mail in any letter case.
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
    // Duplicate check by a similar name: the postcode and how the surname sounds.
    index('users_zipcode_surname_sound_idx').on(t.zipcode, t.matchSurnameSound),
    // Duplicate engine: a surname (or, names swapped, a given name) that sounds alike within the place,
    // whatever the postcode (a mistyped postcode still finds the client).
    index('users_locality_surname_sound_idx').on(t.matchLocality, t.matchSurnameSound),
    // Duplicate engine: the same street and number ('Bahnhofstr. 12' = 'Bahnhofstrasse 12') within the
    // nearby postcodes, both in the index condition.
    index('users_street_key_idx').on(t.matchStreet, t.zipcode),
    // Duplicate engine: the same street and number within the place (a mistyped postcode far from the
    // right one): both in the index, so the lookup reads only the rows it keeps.
    index('users_locality_street_idx').on(t.matchLocality, t.matchStreet),
    // Duplicate engine: a given name (or, names swapped, a surname) that sounds alike within the
    // postcode, at the same street or with the same number (the domain's `sg:` and `gn:` keys): a
    // mistyped surname. Both lookups are decided in the index, so only the rows kept are read.
    index('users_zipcode_given_street_idx').on(t.zipcode, t.matchGivenSound, t.matchStreetName, t.matchNumber),
    // Search by address and place.
    index('users_address_trgm_idx').using(
      'gin',
      sql`(coalesce(${t.address}, '') || ' ' || coalesce(${t.zipcode}, '') || ' ' || coalesce(${t.city}, '')) gin_trgm_ops`,
    ),
  ],
);

/** Per staff user: what the account may reach. Blocking is `users.is_active`. */
export const accounts = pgTable('accounts', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  accessToClients: text('access_to_clients').$type<'all' | 'b2c' | 'b2b' | 'none'>().notNull().default('all'),
  /** Telephony: the agent's user id and number at the provider. */
  telephonyUserId: text('telephony_user_id'),
  telephonyNumber: text('telephony_number'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
