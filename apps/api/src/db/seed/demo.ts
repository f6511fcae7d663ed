import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';
import {
  can,
  CLIENT_STATUSES,
  GENDERS,
  LEAD_SOURCES,
  normalisePhone,
  PERSONS_AT_HOME,
  RELATIONS,
  roleByCode,
  toQrBillText,
  WORKING_STATUSES,
  type RoleCode,
} from '@bo/domain';
import { count } from 'drizzle-orm';
import type { FileStorage } from '../../integrations/storage/index.ts';
import type { Db } from '../client.ts';
import { accounts, users } from '../schema/index.ts';
import { seedDemoClients } from './clients.ts';
import { seedDemoEvents } from './events.ts';
import { seedDemoFinances } from './finances.ts';
import { seedDemoReferrals } from './referrals.ts';
import { seedDemoCalls } from './telephony.ts';
import { seedDemoImports } from './imports.ts';
import { linkLeadLocations, seedDemoLocations } from './locations.ts';
import { seedAcademy } from './academy.ts';
import { COMPANIES, REGIONS, RUSSIAN_SPEAKERS, type RegionKey } from './names.ts';
import { seedProducts } from './products.ts';
import { seedDemoStock } from './stock.ts';
import { seedDemoSettings } from './settings.ts';
import { seedDemoStaff } from './staff.ts';
import { seedDemoLicences } from './licences.ts';
import { seedDemoPlanner } from './planner.ts';

export const DEMO_PASSWORD = 'Demo1234!';

export const DEMO_SIGN_INS: { email: string; role: RoleCode; name: string; surname: string; locale: string }[] = [
  { email: 'admin@demo.test', role: 'admin', name: 'Andrea', surname: 'Brunner', locale: 'de' },
  { email: 'user@demo.test', role: 'user', name: 'Ursula', surname: 'Keller', locale: 'de' },
  { email: 'sa@demo.test', role: 'sales_agent', name: 'Marco', surname: 'Bernasconi', locale: 'de' },
  { email: 'ca@demo.test', role: 'call_agent', name: 'Claudia', surname: 'Meier', locale: 'de' },
  { email: 'pa@demo.test', role: 'prom_agent', name: 'Pierre', surname: 'Favre', locale: 'de' },
  { email: 'partner@demo.test', role: 'partner', name: 'Peter', surname: 'Steiner', locale: 'de' },
  { email: 'om@demo.test', role: 'ocr_manager', name: 'Olivia', surname: 'Moser', locale: 'de' },
  { email: 'ia@demo.test', role: 'independent_agent', name: 'Isabelle', surname: 'Rochat', locale: 'de' },
];

interface Postcode {
  postcode: string;
  locality: string;
  canton: string;
}

/** The name, surname and e-mail of the Russian-speaking client at position i (names.ts). */
function russianSpeaker(i: number, gender: string, hasEmail: boolean): { name: string; surname: string; email: string | null } {
  const female = gender === 'female';
  const names = female ? RUSSIAN_SPEAKERS.female : RUSSIAN_SPEAKERS.male;
  const name = names[i % names.length]!;
  const family = RUSSIAN_SPEAKERS.surnames[Math.floor(i / 40) % RUSSIAN_SPEAKERS.surnames.length]!;
  const surname = female ? family.female : family.male;
  // Their address is written in Latin letters, as Swiss providers take it.
  const email = hasEmail ? `${toQrBillText(name)}.${toQrBillText(surname)}${i}@example.ch`.toLowerCase() : null;
  return { name, surname, email };
}

const POSTCODES_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'ch-postcodes.csv');

export function loadPostcodes(): Postcode[] {
  const lines = fs.readFileSync(POSTCODES_FILE, 'utf8').trim().split('\n').slice(1);
  return lines.map((line) => {
    const [postcode = '', locality = '', canton = ''] = line.split(',');
    return { postcode, locality, canton };
  });
}

/** Deterministic, so every fresh start shows the same demo people. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/** With `storage`, also the demo files (academy media, product pictures) are stored. */
export async function seedDemo(
  db: Db,
  opts: { clients?: number; storage?: FileStorage } = {},
): Promise<{ staff: number; clients: number }> {
  const random = prng(20261121);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const passwordHash = await hash(DEMO_PASSWORD);
  const postcodes = loadPostcodes().filter((p) => p.canton !== 'FL');
  const byRegion = (key: RegionKey) => postcodes.filter((p) => (REGIONS[key].cantons as readonly string[]).includes(p.canton));
  const regionPostcodes = { de: byRegion('de'), fr: byRegion('fr'), it: byRegion('it') };

  return db.transaction(async (tx) => {
    const staff = await tx
      .insert(users)
      .values(
        DEMO_SIGN_INS.map((s) => ({
          roleId: roleByCode(s.role).id,
          email: s.email,
          passwordHash,
          name: s.name,
          surname: s.surname,
          locale: s.locale,
          city: 'Zürich',
          zipcode: '8001',
        })),
      )
      .returning({ id: users.id, roleId: users.roleId, email: users.email });
    // Whoever may call a client has a telephony user and line, so "Anrufen" works with the local telephony.
    await tx.insert(accounts).values(
      staff
        .filter((s) => s.roleId !== roleByCode('user').id)
        .map((s, i) => {
          const role = DEMO_SIGN_INS.find((d) => d.email === s.email)!.role;
          return can(role, 'clients.call')
            ? { userId: s.id, telephonyUserId: String(810_200 + i), telephonyNumber: `+41 44 500 12 ${String(40 + i)}` }
            : { userId: s.id };
        }),
    );
    await seedDemoStaff(tx, passwordHash, staff.find((s) => s.roleId === roleByCode('admin').id)?.id ?? null);
    if (opts.storage) {
      await seedAcademy(tx, opts.storage, staff.find((s) => s.roleId === roleByCode('admin').id)?.id ?? null);
    }

    await seedProducts(tx, opts.storage);
    await seedDemoSettings(tx);
    const demoLocations = await seedDemoLocations(tx);
    const total = opts.clients ?? 400;
    const rows: (typeof users.$inferInsert)[] = [];
    for (let i = 0; i < total; i += 1) {
      const r = random();
      const regionKey: RegionKey = r < 0.65 ? 'de' : r < 0.88 ? 'fr' : 'it';
      const region = REGIONS[regionKey];
      const gender = pick(GENDERS);
      const name = pick(gender === 'male' ? region.male : region.female);
      const surname = pick(region.surnames);
      const place = pick(regionPostcodes[regionKey]);
      const mobile = `07${pick(['6', '7', '8', '9'])} ${String(Math.floor(random() * 1000)).padStart(3, '0')} ${String(Math.floor(random() * 100)).padStart(2, '0')} ${String(Math.floor(random() * 100)).padStart(2, '0')}`;
      const b2b = random() < 0.12;
      const email =
        random() < 0.7
          ? `${name}.${surname}${i}@example.ch`
              .normalize('NFD')
              .replace(/[\u0300-\u036f]/g, '')
              .toLowerCase()
          : null;
      const createdAt = new Date(Date.now() - Math.floor(random() * 400) * 86_400_000);
      // One in forty clients of the German-speaking region speaks Russian and writes their name in
      // Cyrillic; chosen by position, so the random sequence of everybody else stays as it was.
      const russian = regionKey === 'de' && i % 40 === 13 ? russianSpeaker(i, gender, email !== null) : undefined;
      rows.push({
        roleId: roleByCode('user').id,
        email: russian ? russian.email : email,
        name: russian?.name ?? name,
        surname: russian?.surname ?? surname,
        gender,
        age: 25 + Math.floor(random() * 55),
        zipcode: place.postcode,
        city: place.locality,
        address: `${pick(region.streets)} ${1 + Math.floor(random() * 80)}`,
        mobilePhone: mobile,
        mobilePhoneE164: normalisePhone(mobile) ?? null,
        type: b2b ? 'B2B' : 'B2C',
        company: b2b ? pick(COMPANIES) : null,
        relations: pick(RELATIONS),
        workingStatus: pick(WORKING_STATUSES),
        personsAtHome: pick(PERSONS_AT_HOME),
        hasKids: random() < 0.4,
        hasAllergies: random() < 0.2,
        locale: russian ? RUSSIAN_SPEAKERS.locale : region.locale,
        status: pick(CLIENT_STATUSES),
        leadSource: pick(LEAD_SOURCES),
        createdAt,
        updatedAt: new Date(Math.min(Date.now(), createdAt.getTime() + Math.floor(random() * 30) * 86_400_000)),
      });
    }
    linkLeadLocations(rows, demoLocations);
    const clientIds: number[] = [];
    for (let i = 0; i < rows.length; i += 200) {
      const inserted = await tx
        .insert(users)
        .values(rows.slice(i, i + 200))
        .returning({ id: users.id });
      clientIds.push(...inserted.map((r) => r.id));
    }
    const signIn = (email: string) => staff.find((s) => s.email === email)!.id;
    const added = await seedDemoClients(tx, {
      random,
      passwordHash,
      clientIds,
      staff: {
        admin: signIn('admin@demo.test'),
        client: signIn('user@demo.test'),
        salesAgent: signIn('sa@demo.test'),
        callAgent: signIn('ca@demo.test'),
        promAgent: signIn('pa@demo.test'),
        partner: signIn('partner@demo.test'),
        independentAgent: signIn('ia@demo.test'),
      },
    });
    await seedDemoEvents(tx, {
      random,
      clientIds,
      billPayer: clientIds[rows.findIndex((r) => r.locale === RUSSIAN_SPEAKERS.locale)],
      staff: {
        admin: signIn('admin@demo.test'),
        client: signIn('user@demo.test'),
        salesAgent: signIn('sa@demo.test'),
        callAgent: signIn('ca@demo.test'),
        independentAgent: signIn('ia@demo.test'),
      },
    });
    await seedDemoPlanner(tx, { salesAgent: signIn('sa@demo.test') });
    await seedDemoFinances(tx, {
      random,
      staff: {
        admin: signIn('admin@demo.test'),
        salesAgent: signIn('sa@demo.test'),
        callAgent: signIn('ca@demo.test'),
        independentAgent: signIn('ia@demo.test'),
        partner: signIn('partner@demo.test'),
      },
    });
    await seedDemoLicences(tx, { independentAgent: signIn('ia@demo.test'), admin: signIn('admin@demo.test') });
    await seedDemoReferrals(tx, {
      partner: signIn('partner@demo.test'),
      independentAgent: signIn('ia@demo.test'),
      client: signIn('user@demo.test'),
      admin: signIn('admin@demo.test'),
    });
    // After the demo's orders and deliveries: what the warehouse holds covers what is still to deliver.
    await seedDemoStock(tx);
    await seedDemoImports(tx, {
      admin: signIn('admin@demo.test'),
      ocrManager: signIn('om@demo.test'),
      clients: clientIds.map((id, i) => ({ id, row: rows[i]! })),
      locationId: rows.find((r) => r.leadSource === 'leads' && r.leadLocationId)?.leadLocationId ?? null,
    });
    await seedDemoCalls(tx, {
      callAgent: signIn('ca@demo.test'),
      clients: clientIds.slice(0, 3).map((id, i) => ({ id, mobile: rows[i]!.mobilePhone! })),
    });
    return { staff: staff.length, clients: rows.length + added };
  });
}
