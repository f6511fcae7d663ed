import {
  BUYER_STATUSES,
  DEFAULT_REMINDER_CADENCE,
  dueReminderStage,
  MAKE_A_DEMO,
  reminderStageSendsMail,
  type EmailReminderStage,
  normalisePhone,
  roleByCode,
  type ClientStatus,
  type RecommendationStatus,
  type RoleCode,
} from '@bo/domain';
import { asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import {
  accounts,
  clientLinks,
  contactHistory,
  emailReminderMails,
  recommendations,
  statusHistory,
  subUsers,
  userInfo,
  users,
} from '../schema/index.ts';
import { COMPANIES, REGIONS, RUSSIAN_SPEAKERS, type RegionKey } from './names.ts';

/**
 * The clients area of the demo (spec 3 and 4): statuses spread so every role's default list has rows,
 * duplicates written differently, households and buildings, recommendations, contact and status
 * history, notes and buyers in each buyers preset. It works on the clients seedDemo generated and adds
 * a few people of its own; everything comes from the passed `random`, so each fresh start is the same.
 */

export interface DemoClientStaff {
  admin: number;
  /** user@demo.test: a client who signs in. */
  client: number;
  salesAgent: number;
  callAgent: number;
  promAgent: number;
  partner: number;
  independentAgent: number;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;

const TIMES_TO_CALL = ['morning', 'afternoon', 'evening', 'night'] as const;
type ContactType = 'call' | 'inbound_call' | 'recall' | 'auto_call' | 'sms';
/** The entries users.calls_count counts: everything but SMS. */
export const COUNTED_CONTACT_TYPES: readonly ContactType[] = ['call', 'inbound_call', 'recall', 'auto_call'];
const CATEGORIES = ['Wasser', 'Luft', 'Wasser und Luft'] as const;

const STATUS_SHARES: readonly (readonly [ClientStatus, number])[] = [
  ['potential', 18],
  ['call_agents', 10],
  ['user_rec', 8],
  ['unqualified', 6],
  ['older', 6],
  ['buy_product', 6],
  ['buy_other_products', 4],
  ['sale_agents', 5],
  ['not_answered', 5],
  ['not_interested', 4],
  ['not_buy', 3],
  ['decline_presentation', 2],
  ['single_man', 3],
  ['archived', 3],
  ['wrong_data', 2],
  ['without_number', 2],
  ['younger', 1.5],
  ['poll_active', 1.5],
  ['accept_service', 1.5],
  ['know_hula', 1.5],
  ['unconfirmed', 1.5],
  ['imported_from_ocr', 1.5],
  ['reject_service', 1],
  ['buy_and_return', 1],
  ['trash', 1],
  ['temporary', 1],
];

/** Statuses a sales agent sets after presenting; they date from the presentation. */
const SALES_STEPS = new Set<ClientStatus>([
  'buy_product',
  'buy_other_products',
  'not_buy',
  'buy_and_return',
  'accept_service',
  'reject_service',
  'know_hula',
]);
/** Statuses reached in the office without anyone calling. */
const WITHOUT_CALLS = new Set<ClientStatus>(['without_number', 'imported_from_ocr', 'temporary', 'trash']);
const MAKE_A_DEMO_STATUSES = new Set<ClientStatus>(MAKE_A_DEMO.statuses);
/** The way to a status after the first one, for statuses that are not reached in one step. */
const ROUTES: Partial<Record<ClientStatus, ClientStatus[]>> = {
  sale_agents: ['call_agents'],
  buy_product: ['call_agents', 'sale_agents'],
  buy_other_products: ['sale_agents'],
  not_buy: ['call_agents', 'sale_agents'],
  buy_and_return: ['sale_agents', 'buy_product'],
  accept_service: ['sale_agents', 'buy_product'],
  reject_service: ['sale_agents', 'buy_product'],
  know_hula: ['sale_agents'],
  decline_presentation: ['call_agents'],
  archived: ['not_interested'],
};

const STATUS_COMMENTS: Partial<Record<ClientStatus, string>> = {
  call_agents: 'Interesse an einer Vorführung, zur Terminierung weitergegeben.',
  sale_agents: 'Termin für die Vorführung vereinbart.',
  not_answered: 'Mehrmals nicht erreicht.',
  not_interested: 'Kein Interesse, bitte nicht mehr anrufen.',
  decline_presentation: 'Möchte keine Vorführung.',
  single_man: 'Lebt allein, laut Vorgabe kein Termin.',
  wrong_data: 'Falsche Nummer, Person unbekannt.',
  unqualified: 'Erfüllt die Voraussetzungen nicht.',
  older: 'Über der Altersgrenze.',
  younger: 'Unter der Altersgrenze.',
  poll_active: 'Hat an der Umfrage teilgenommen.',
  unconfirmed: 'Angaben noch nicht bestätigt.',
  user_rec: 'Empfehlung bestätigt.',
  archived: 'Archiviert nach mehreren Absagen.',
};

const CONTACT_COMMENTS: Record<ContactType, readonly string[]> = {
  call: [
    'Nicht erreicht, Combox.',
    'Besetzt, später nochmals versuchen.',
    'Kurz gesprochen, möchte zuerst mit dem Partner reden.',
    'Interessiert am Wasserfilter, will Unterlagen.',
    'Hat gerade keine Zeit, freundlich.',
  ],
  inbound_call: ['Ruft zurück wegen des verpassten Anrufs.', 'Fragt nach dem Preis des Luftreinigers.', 'Möchte den Termin verschieben.'],
  recall: [
    'Bitte am Abend nochmals anrufen.',
    'Rückruf vereinbart, ist diese Woche in den Ferien.',
    'Rückruf nach Rücksprache mit dem Ehemann.',
  ],
  auto_call: ['Automatischer Anruf, nicht beantwortet.', 'Automatischer Anruf, Ansage abgespielt.'],
  sms: ['Terminbestätigung per SMS gesendet.', 'Erinnerung an die Vorführung gesendet.', 'SMS mit Rückrufnummer gesendet.'],
};
const BUYER_COMMENTS = [
  'Nachgefragt nach dem Kauf: sehr zufrieden mit dem Gerät.',
  'Lieferung bestätigt.',
  'Fragt nach dem Filterwechsel.',
  'Rechnung besprochen, zahlt in Raten.',
];
const NOTES = [
  'Hat eine Katze, bei der Vorführung auf Allergien achten.',
  'Bevorzugt Termine am Samstagvormittag.',
  'Parkplatz hinter dem Haus benutzen.',
  'Spricht lieber Französisch.',
  'Hat bereits einen Luftreiniger einer anderen Marke.',
  'Der Ehepartner soll bei der Vorführung dabei sein.',
  'Wünscht die Rechnung in zwei Raten.',
  'Klingel defekt, bitte vorher anrufen.',
  'Interessiert sich auch für das Wasser-Abo.',
  'Hat über eine Nachbarin von uns gehört.',
];
const RECOMMENDATION_COMMENTS = [
  'Nachbarin, interessiert sich für einen Wasserfilter.',
  'Arbeitskollege, bitte abends anrufen.',
  'Schwester, hat Allergien.',
  'Freund aus dem Turnverein.',
  '',
];

/** A client as stored in users. */
interface PersonFields {
  id: number;
  name: string;
  surname: string;
  gender: string | null;
  age: number | null;
  email: string | null;
  zipcode: string | null;
  city: string | null;
  address: string | null;
  phone: string | null;
  phoneE164: string | null;
  mobilePhone: string | null;
  mobilePhoneE164: string | null;
  type: string;
  company: string | null;
  leadSource: string | null;
  leadLocationId: number | null;
  relations: string | null;
  personsAtHome: string | null;
  locale: string;
  createdAt: Date;
  updatedAt: Date;
  passwordHash: string | null;
}

/** What this file decides about each client. */
interface Decisions {
  firstStatus: ClientStatus;
  status: ClientStatus;
  createdById: number | null;
  referredById: number | null;
  linkedAgentId: number | null;
  category: string | null;
  timeToCall: string | null;
  hasOnboardingSms: boolean;
  emailReminderStage: string | null;
  emailReminderStageAt: Date | null;
  /** The reminder mails the lead was sent, by stage. */
  remindersMailed: ('first' | 'second' | 'third')[];
  /** When a sales agent presented: the buy, not-buy and service statuses date from here. */
  presentedAt: Date | null;
  invoiceSentAt: Date | null;
  purchaseFinishedAt: Date | null;
  contacted: boolean;
  /** A last recall still open: ahead of now, or due. */
  openRecall: 'ahead' | 'due' | null;
  callsCount: number;
  lastContactAt: Date | null;
  nextRecallAt: Date | null;
}

type Person = PersonFields & Decisions;

function randomTools(random: () => number) {
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const chance = (p: number) => random() < p;
  const shuffled = <T>(list: readonly T[]): T[] => {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  };
  /** A moment between two others, as a Date. */
  const between = (from: number, to: number) => new Date(from + Math.floor(random() * Math.max(0, to - from)));
  const mobile = () =>
    `07${pick(['6', '7', '8', '9'])} ${String(int(0, 999)).padStart(3, '0')} ${String(int(0, 99)).padStart(2, '0')} ${String(int(0, 99)).padStart(2, '0')}`;
  return { random, int, pick, chance, shuffled, between, mobile };
}
type Rng = ReturnType<typeof randomTools>;

function regionOf(p: Person): RegionKey {
  const street = p.address ?? '';
  return /^(Rue|Avenue|Chemin|Route) /.test(street) ? 'fr' : /^(Via|Viale) /.test(street) ? 'it' : 'de';
}

const ascii = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
const emailFor = (name: string, surname: string, tag: string) =>
  ascii(`${name}.${surname}.${tag}@example.ch`).toLowerCase().replace(/\s+/g, '');

const SPELT_OUT: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue' };

/** A name as a second form would write it: umlauts spelt out, accents dropped, or two letters swapped. */
function misspelt(name: string, rng: Rng): string {
  if (/[äöüÄÖÜ]/.test(name)) {
    return name.replace(/[äöüÄÖÜ]/g, (c) => SPELT_OUT[c] ?? c);
  }
  if (ascii(name) !== name) {
    return ascii(name);
  }
  const swapped = (i: number) => name.slice(0, i) + (name[i + 1] ?? '') + (name[i] ?? '') + name.slice(i + 2);
  const first = rng.int(1, Math.max(1, name.length - 3));
  // Two equal letters ("Zimmermann") swap into the same name: take the next pair that differs.
  for (let i = first; i < name.length - 1; i += 1) {
    if (swapped(i) !== name) {
      return swapped(i);
    }
  }
  return swapped(first);
}

/** Another writing of a Swiss mobile number ("079 123 45 67"); it normalises to the same E.164. */
function rewrittenPhone(phone: string, rng: Rng): string {
  const d = phone.replace(/\D/g, '');
  return rng.pick([
    `+41 ${d.slice(1, 3)} ${d.slice(3, 6)} ${d.slice(6, 8)} ${d.slice(8)}`,
    `0041${d.slice(1)}`,
    `${d.slice(0, 3)}/${d.slice(3, 6)} ${d.slice(6, 8)} ${d.slice(8)}`,
    d,
  ]);
}

/** The same street and number written differently; the duplicate check drops case, spaces and punctuation. */
function rewrittenAddress(address: string, rng: Rng): string {
  const spaced = address.replace(/ (\d+)$/, '  $1');
  return rng.pick([address.toLowerCase(), spaced, spaced.toLowerCase(), address.replace(/ (\d+)$/, ', $1')]);
}

function statusPath(p: Person): ClientStatus[] {
  return p.status === p.firstStatus ? [p.status] : [p.firstStatus, ...(ROUTES[p.status] ?? []), p.status];
}

/** What this file decides about a client, before it does. */
function undecided(): Decisions {
  return {
    firstStatus: 'potential',
    status: 'potential',
    createdById: null,
    referredById: null,
    linkedAgentId: null,
    category: null,
    timeToCall: null,
    hasOnboardingSms: false,
    emailReminderStage: null,
    emailReminderStageAt: null,
    remindersMailed: [],
    presentedAt: null,
    invoiceSentAt: null,
    purchaseFinishedAt: null,
    contacted: false,
    openRecall: null,
    callsCount: 0,
    lastContactAt: null,
    nextRecallAt: null,
  };
}

/** Up to `each` of every group first, then others of the pool, `total` in all. */
function spread<T>(pool: readonly T[], groups: readonly ((item: T) => boolean)[], each: number, total: number): T[] {
  const chosen = new Set<T>();
  for (const group of groups) {
    pool
      .filter(group)
      .slice(0, each)
      .forEach((item) => chosen.add(item));
  }
  for (const item of pool) {
    if (chosen.size >= total) {
      break;
    }
    chosen.add(item);
  }
  return [...chosen].slice(0, Math.max(total, 0));
}

async function inChunks<T>(rows: readonly T[], size: number, insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) {
    await insert(rows.slice(i, i + size));
  }
}

export async function seedDemoClients(
  tx: Tx,
  opts: { random: () => number; passwordHash: string; staff: DemoClientStaff; clientIds: readonly number[] },
): Promise<number> {
  const rng = randomTools(opts.random);
  const { int, pick, chance, shuffled, between } = rng;
  const { staff } = opts;
  const now = Date.now();

  // Colleagues of the demo sign-ins who have signed up (seedDemoStaff), by role.
  const colleagues = await tx
    .select({ id: users.id, roleId: users.roleId, access: accounts.accessToClients })
    .from(users)
    .innerJoin(accounts, eq(accounts.userId, users.id))
    .where(isNotNull(users.passwordHash))
    .orderBy(asc(users.id));
  const demoStaffIds = new Set(Object.values(staff).filter((id) => id !== staff.client));
  const othersOf = (role: RoleCode) => colleagues.filter((c) => c.roleId === roleByCode(role).id && !demoStaffIds.has(c.id));
  const otherSales = othersOf('sales_agent').map((c) => c.id);
  const otherCallers = othersOf('call_agent')
    .filter((c) => c.access === 'all')
    .map((c) => c.id);
  const b2bCallers = othersOf('call_agent')
    .filter((c) => c.access === 'b2b')
    .map((c) => c.id);
  const otherProm = othersOf('prom_agent').map((c) => c.id);
  const otherPartners = othersOf('partner').map((c) => c.id);
  const staffIds = new Set(colleagues.map((c) => c.id));

  const loaded = await tx
    .select()
    .from(users)
    .where(inArray(users.id, [...opts.clientIds, staff.client]))
    .orderBy(asc(users.id));
  const personOf = (row: (typeof loaded)[number]): Person => ({ ...row, ...undecided() });
  const generated = loaded.filter((r) => r.id !== staff.client).map(personOf);
  const demoRow = loaded.find((r) => r.id === staff.client);
  const people: Person[] = [...generated];

  // Statuses by quota, so the shares hold for any number of clients.
  const quota: ClientStatus[] = STATUS_SHARES.flatMap(([status, share]) =>
    Array<ClientStatus>(Math.round((share / 100) * generated.length)).fill(status),
  );
  shuffled(generated).forEach((p, i) => {
    p.status = quota[i] ?? 'potential';
    p.firstStatus = p.status === 'user_rec' ? 'user_rec' : p.leadSource === 'ocr' && chance(0.5) ? 'imported_from_ocr' : 'potential';
    if (p.status === 'imported_from_ocr') {
      p.firstStatus = 'imported_from_ocr';
    }
    if (p.status === 'without_number') {
      p.mobilePhone = null;
      p.mobilePhoneE164 = null;
    }
  });

  // The demo client bought, was invoiced and signed up to the own account.
  const demo = demoRow ? personOf(demoRow) : undefined;
  if (demo) {
    const mobilePhone = '079 415 22 83';
    Object.assign(demo, {
      address: 'Bahnhofstrasse 12',
      mobilePhone,
      mobilePhoneE164: normalisePhone(mobilePhone) ?? null,
      gender: 'female',
      age: 52,
      relations: 'married',
      personsAtHome: '2',
      createdAt: new Date(now - 200 * DAY),
      status: 'buy_product',
      linkedAgentId: staff.salesAgent,
      category: 'Wasser',
      timeToCall: 'evening',
      hasOnboardingSms: true,
      passwordHash: opts.passwordHash,
    } satisfies Partial<Person>);
    await tx
      .update(users)
      .set({
        address: demo.address,
        age: demo.age,
        gender: demo.gender,
        relations: demo.relations,
        personsAtHome: demo.personsAtHome,
        createdAt: demo.createdAt,
      })
      .where(eq(users.id, demo.id));
    people.push(demo);
  }

  // Who brought and who looks after the generated clients.
  const needsSalesAgent = (p: Person) => statusPath(p).some((s) => s === 'sale_agents' || SALES_STEPS.has(s));
  const salesStage = shuffled(generated.filter(needsSalesAgent));
  const otherStage = shuffled(generated.filter((p) => !needsSalesAgent(p)));
  const anotherSalesAgent = () => (otherSales.length > 0 ? pick(otherSales) : staff.salesAgent);
  salesStage.forEach((p, i) => {
    p.linkedAgentId = i < 24 ? staff.salesAgent : anotherSalesAgent();
  });
  otherStage.slice(0, 20).forEach((p, i) => {
    p.linkedAgentId = i < 6 ? staff.salesAgent : anotherSalesAgent();
  });
  const fromPlaces = shuffled(generated.filter((p) => p.leadLocationId !== null));
  fromPlaces.slice(0, 25).forEach((p) => (p.createdById = staff.promAgent));
  if (otherProm.length > 0) {
    fromPlaces.slice(25, 40).forEach((p) => (p.createdById = pick(otherProm)));
  }
  const elsewhere = shuffled(generated.filter((p) => p.leadLocationId === null && p.leadSource !== 'event' && p.leadSource !== 'mall'));
  elsewhere.forEach((p, i) => {
    if (i < 25) {
      Object.assign(p, { referredById: staff.partner, leadSource: 'partner' });
    } else if (i < 45) {
      Object.assign(p, { referredById: staff.independentAgent, leadSource: 'leads' });
    } else if (p.leadSource === 'partner' && otherPartners.length > 0) {
      p.referredById = pick(otherPartners);
    } else if (p.leadSource === 'ocr' && chance(0.5)) {
      p.createdById = staff.admin;
    }
  });

  // Buyers: each buyers preset has rows (invoice sent or not, finished, activated).
  for (const p of people) {
    if (statusPath(p).some((s) => SALES_STEPS.has(s))) {
      const from = p.createdAt.getTime();
      p.presentedAt = new Date(from + Math.floor((now - from) * (0.35 + 0.4 * rng.random())));
    }
  }
  const isBuyer = (p: Person) => (BUYER_STATUSES as readonly string[]).includes(p.status);
  shuffled(generated.filter(isBuyer)).forEach((p, i) => {
    const sent = i % 5 <= 2 ? p.presentedAt!.getTime() + Math.min(int(2, 9) * DAY, (now - p.presentedAt!.getTime()) * 0.3) : null;
    p.invoiceSentAt = sent === null ? null : new Date(sent);
    p.purchaseFinishedAt = sent !== null && i % 5 <= 1 ? new Date(sent + Math.min(int(10, 40) * DAY, (now - sent) * 0.6)) : null;
    p.passwordHash = p.email !== null && i % 3 === 0 ? opts.passwordHash : null;
    p.hasOnboardingSms = chance(0.7);
    p.category = p.status === 'buy_product' ? pick(CATEGORIES) : pick(['Luft', 'Wasser']);
  });
  if (demo?.presentedAt) {
    demo.invoiceSentAt = new Date(demo.presentedAt.getTime() + 5 * DAY);
  }
  for (const p of generated) {
    if (!isBuyer(p)) {
      p.hasOnboardingSms = chance(0.06);
      p.category = chance(needsSalesAgent(p) ? 0.5 : 0.12) ? pick(CATEGORIES) : null;
    }
  }

  // Second entries of the same person, households and buildings.
  const added: Person[] = [];
  const links: { kind: 'cohabitant' | 'block_neighbor'; a: Person; b: Person }[] = [];
  const newcomer = (source: Person, fields: Partial<Person>): Person => {
    const createdAt = between(source.createdAt.getTime(), now);
    const p: Person = {
      ...undecided(),
      id: 0,
      name: source.name,
      surname: source.surname,
      gender: source.gender,
      age: source.age,
      email: null,
      zipcode: source.zipcode,
      city: source.city,
      address: source.address,
      phone: null,
      phoneE164: null,
      mobilePhone: null,
      mobilePhoneE164: null,
      type: 'B2C',
      company: null,
      leadSource: 'leads',
      leadLocationId: null,
      relations: source.relations,
      personsAtHome: source.personsAtHome,
      locale: source.locale,
      passwordHash: null,
      createdAt,
      updatedAt: createdAt,
      ...fields,
    };
    p.firstStatus = p.status === 'user_rec' || p.status === 'imported_from_ocr' ? p.status : 'potential';
    added.push(p);
    return p;
  };
  const withPhone = shuffled(generated.filter((p) => p.mobilePhone !== null && p.mobilePhoneE164 !== null && p.address !== null));
  withPhone.slice(0, 15).forEach((source, i) => {
    const written = rewrittenPhone(source.mobilePhone!, rng);
    const e164 = normalisePhone(written) ?? null;
    const asLandline = i % 4 === 3;
    const misspeltSurname = /[äöüÄÖÜ]/.test(source.surname) || ascii(source.name) === source.name;
    newcomer(source, {
      name: misspeltSurname ? source.name : misspelt(source.name, rng),
      surname: misspeltSurname ? misspelt(source.surname, rng) : source.surname,
      email: i % 2 === 0 ? emailFor(source.name, source.surname, `d${i}`) : null,
      address: rewrittenAddress(source.address!, rng),
      phone: asLandline ? written : null,
      phoneE164: asLandline ? e164 : null,
      mobilePhone: asLandline ? null : written,
      mobilePhoneE164: asLandline ? null : e164,
      type: source.type,
      company: source.company,
      leadSource: source.leadSource,
      leadLocationId: source.leadLocationId,
      status: pick(['potential', 'potential', 'call_agents', 'user_rec', 'not_answered'] as const),
    });
  });
  const households = withPhone.slice(15).filter((p) => p.type === 'B2C' && /^\D+ \d+$/.test(p.address!));
  households.slice(0, 12).forEach((source, i) => {
    const region = REGIONS[regionOf(source)];
    const gender = source.gender === 'male' ? 'female' : 'male';
    // A Russian-speaking client's partner writes their name in Cyrillic too (the family name as Russian
    // writes it for their gender); the same draws either way.
    const russian = source.locale === RUSSIAN_SPEAKERS.locale;
    const name = pick(russian ? RUSSIAN_SPEAKERS[gender] : gender === 'male' ? region.male : region.female);
    const sameFamily = chance(0.7);
    const family = russian ? RUSSIAN_SPEAKERS.surnames.find((f) => f.male === source.surname || f.female === source.surname) : undefined;
    const surname = russian
      ? (sameFamily && family ? family : pick(RUSSIAN_SPEAKERS.surnames))[gender]
      : sameFamily
        ? source.surname
        : pick(region.surnames);
    const partner = newcomer(source, {
      name,
      surname,
      gender,
      age: source.age === null ? null : Math.max(20, source.age + int(-6, 6)),
      email: chance(0.5) ? emailFor(name, surname, `c${i}`) : null,
      mobilePhone: rng.mobile(),
      relations: pick(['married', 'partner']),
      personsAtHome: source.personsAtHome === '1' ? '2' : source.personsAtHome,
      status: pick(['cohabitant', 'potential', 'call_agents'] as const),
    });
    links.push({ kind: 'cohabitant', a: source, b: partner });
  });
  households.slice(12, 22).forEach((source, i) => {
    const region = REGIONS[regionOf(source)];
    const building = [source];
    for (let n = 0; n < int(1, 2); n += 1) {
      const gender = pick(['male', 'female'] as const);
      const name = pick(gender === 'male' ? region.male : region.female);
      const surname = pick(region.surnames);
      building.push(
        newcomer(source, {
          name,
          surname,
          gender,
          age: int(25, 80),
          email: chance(0.5) ? emailFor(name, surname, `n${i}${n}`) : null,
          mobilePhone: rng.mobile(),
          // A neighbour speaks the region's language, not the language of the client next door.
          locale: region.locale,
          relations: pick(['single', 'married', 'partner']),
          status: pick(['potential', 'call_agents', 'unqualified', 'not_interested'] as const),
        }),
      );
    }
    building.forEach((a, j) => building.slice(j + 1).forEach((b) => links.push({ kind: 'block_neighbor', a, b })));
  });
  for (const p of added) {
    p.mobilePhoneE164 ??= normalisePhone(p.mobilePhone) ?? null;
  }
  await insertPeople(tx, added);
  people.push(...added);
  await inChunks(links, 500, (chunk) =>
    tx.insert(clientLinks).values(
      chunk.map((l) => ({
        kind: l.kind,
        userAId: Math.min(l.a.id, l.b.id),
        userBId: Math.max(l.a.id, l.b.id),
        createdById: pick([staff.admin, staff.callAgent]),
        createdAt: new Date(Math.max(l.a.createdAt.getTime(), l.b.createdAt.getTime())),
      })),
    ),
  );

  // Recommendations, some of which became leads.
  const recommenders = [
    ...(demo ? [demo] : []),
    ...generated.filter((p) =>
      isBuyer(p) ? chance(0.75) : p.presentedAt !== null ? chance(0.3) : p.status !== 'without_number' && chance(0.03),
    ),
  ];
  const recs: (typeof recommendations.$inferInsert & { lead?: Person })[] = [];
  const leads: Person[] = [];
  for (const p of recommenders) {
    const statuses: RecommendationStatus[] =
      p === demo
        ? ['approved', 'approved', 'confirmed', 'pending', 'unconfirmed', 'declined']
        : Array.from({ length: int(1, 4) }, () =>
            pick(['unconfirmed', 'unconfirmed', 'confirmed', 'pending', 'approved', 'approved', 'declined'] as const),
          );
    const region = REGIONS[regionOf(p)];
    const since = (p.presentedAt ?? p.createdAt).getTime();
    statuses.forEach((status, k) => {
      const gender = pick(['male', 'female'] as const);
      const name = pick(gender === 'male' ? region.male : region.female);
      const surname = pick(region.surnames);
      const phone = rng.mobile();
      const createdAt = between(since, now);
      const paidAt =
        status === 'approved' && (p === demo ? k === 0 : chance(0.5))
          ? new Date(Math.min(now, createdAt.getTime() + int(14, 40) * DAY))
          : null;
      const rec: (typeof recs)[number] = {
        userId: p.id,
        name,
        surname,
        phone,
        phoneE164: normalisePhone(phone) ?? null,
        email: chance(0.5) ? emailFor(name, surname, `r${recs.length}`) : null,
        city: p.city,
        zipcode: p.zipcode,
        address: `${pick(region.streets)} ${int(1, 80)}`,
        comment: pick(RECOMMENDATION_COMMENTS),
        status,
        paidAt,
        createdById: p === demo ? p.id : (p.linkedAgentId ?? staff.callAgent),
        createdAt,
        updatedAt: paidAt ?? createdAt,
      };
      if ((status === 'confirmed' || status === 'pending' || status === 'approved') && (p === demo ? k <= 2 : chance(0.4))) {
        const createdAt = new Date(Math.min(now, rec.createdAt!.getTime() + int(1, 3) * DAY));
        rec.lead = {
          ...undecided(),
          id: 0,
          name,
          surname,
          gender,
          age: int(25, 75),
          email: rec.email ?? null,
          zipcode: p.zipcode,
          city: p.city,
          address: rec.address ?? null,
          phone: null,
          phoneE164: null,
          mobilePhone: phone,
          mobilePhoneE164: rec.phoneE164 ?? null,
          type: 'B2C',
          company: null,
          leadSource: 'referral',
          leadLocationId: null,
          relations: null,
          personsAtHome: null,
          locale: p.locale,
          passwordHash: null,
          createdAt,
          updatedAt: createdAt,
          firstStatus: 'user_rec',
          status: 'user_rec',
          createdById: rec.createdById ?? null,
        };
        leads.push(rec.lead);
      }
      recs.push(rec);
    });
  }
  await insertPeople(tx, leads);
  people.push(...leads);
  await inChunks(recs, 300, (chunk) =>
    tx.insert(recommendations).values(chunk.map(({ lead, ...rec }) => ({ ...rec, leadId: lead?.id ?? null }))),
  );

  // A few in each demo relation, so the companies are spread over every role that has clients.
  const ownClients = [
    (p: Person) => p.linkedAgentId === staff.salesAgent,
    (p: Person) => p.createdById === staff.promAgent,
    (p: Person) => p.referredById === staff.partner,
    (p: Person) => p.referredById === staff.independentAgent,
  ];
  // About one client in eight is a company.
  const b2bTarget = Math.round(people.length * 0.12) - people.filter((p) => p.type === 'B2B').length;
  const linked = new Set([...links.flatMap((l) => [l.a.id, l.b.id]), ...withPhone.slice(0, 15).map((p) => p.id)]);
  spread(shuffled(generated.filter((p) => p.type === 'B2C' && !linked.has(p.id))), ownClients, 2, Math.max(0, b2bTarget)).forEach((p) =>
    Object.assign(p, { type: 'B2B', company: pick(COMPANIES) }),
  );

  // Contact and status history, and the counters the lists read from users.
  for (const p of people) {
    p.contacted =
      p === demo ||
      (!WITHOUT_CALLS.has(p.status) &&
        (MAKE_A_DEMO_STATUSES.has(p.status) || p.status === 'cohabitant' ? chance(p.status === 'user_rec' ? 0.3 : 0.45) : true));
    p.timeToCall ??= p.contacted && chance(0.7) ? pick(TIMES_TO_CALL) : null;
  }
  const recallable = shuffled(
    people.filter(
      (p) => p.contacted && (MAKE_A_DEMO_STATUSES.has(p.status) || p.status === 'not_answered') && p.createdAt.getTime() < now - 10 * DAY,
    ),
  );
  recallable.slice(0, 32).forEach((p, i) => (p.openRecall = i < 20 ? 'ahead' : 'due'));
  const contacts: (typeof contactHistory.$inferInsert)[] = [];
  const statuses: (typeof statusHistory.$inferInsert)[] = [];
  for (const p of people) {
    // Mostly the demo call agent; companies also by the colleague who may see only companies.
    const caller =
      p.type === 'B2B' && b2bCallers.length > 0 && chance(0.5)
        ? pick(b2bCallers)
        : otherCallers.length === 0 || chance(0.8)
          ? staff.callAgent
          : pick(otherCallers);
    const history = historyOf(p, { rng, now, caller, admin: staff.admin, salesAgent: staff.salesAgent, staffIds });
    // "Not reached several times": a lead with an e-mail was called at least as often as the first
    // e-mail reminder waits for (the extra calls take nothing from the random draws of the others).
    if (p.status === 'not_answered' && p.email !== null && p.contacted) {
      const calls = () => history.contacts.filter((c) => COUNTED_CONTACT_TYPES.includes(c.type as ContactType)).length;
      for (let k = 1; calls() < DEFAULT_REMINDER_CADENCE.firstAfterCalls; k += 1) {
        const at = new Date(Math.min(now - HOUR, p.createdAt.getTime() + k * 26 * HOUR));
        history.contacts.push({
          userId: p.id,
          type: 'call',
          flow: 'lead_flow',
          comment: 'Nicht erreicht.',
          agentId: caller,
          createdAt: at,
          updatedAt: at,
        });
      }
    }
    contacts.push(...history.contacts);
    statuses.push(...history.statuses);
    const counted = history.contacts.filter((c) => COUNTED_CONTACT_TYPES.includes(c.type as ContactType));
    p.callsCount = counted.length;
    p.lastContactAt = history.contacts.reduce<Date | null>((last, c) => (last === null || c.createdAt! > last ? c.createdAt! : last), null);
    p.nextRecallAt = history.contacts.reduce<Date | null>(
      (next, c) => (c.recallAt && !c.recallDone && (next === null || c.recallAt < next) ? c.recallAt : next),
      null,
    );
    const changed = [p.updatedAt, p.lastContactAt, p.invoiceSentAt, p.purchaseFinishedAt, ...history.statuses.map((s) => s.createdAt!)];
    p.updatedAt = new Date(Math.min(now, Math.max(...changed.map((d) => d?.getTime() ?? 0))));
  }
  await inChunks(contacts, 500, (chunk) => tx.insert(contactHistory).values(chunk));
  await inChunks(statuses, 1000, (chunk) => tx.insert(statusHistory).values(chunk));

  // E-mail reminders by the sweep's own rule (docs/reminders.md): a lead not reached after enough calls
  // is replayed day by day from a start within the last five weeks, so the stages spread as the cadence
  // makes them (first … expired), each with the mails of the stages passed.
  for (const p of people) {
    if (p.email === null || p.status !== 'not_answered') {
      continue;
    }
    const lead = { stage: null as EmailReminderStage | null, stageAt: null as Date | null, status: p.status, callsCount: p.callsCount };
    for (let at = now - int(0, 35) * DAY; at <= now; at += DAY) {
      const due = dueReminderStage({ ...lead, hasEmail: true, optedOut: false }, DEFAULT_REMINDER_CADENCE, new Date(at));
      if (due) {
        lead.stage = due;
        lead.stageAt = new Date(at);
        if (reminderStageSendsMail(due)) {
          p.remindersMailed.push(due);
        }
      }
    }
    p.emailReminderStage = lead.stage;
    p.emailReminderStageAt = lead.stageAt;
  }

  // Notes on some clients and a second person at a few presentations.
  const notes = shuffled(people.filter((p) => p.contacted))
    .slice(0, 60)
    .flatMap((p) =>
      Array.from({ length: int(1, 2) }, () => {
        const createdAt = between(p.createdAt.getTime(), now);
        return {
          userId: p.id,
          text: pick(NOTES),
          authorId: p.linkedAgentId ?? pick([staff.callAgent, staff.admin]),
          createdAt,
          updatedAt: createdAt,
        };
      }),
    );
  await inChunks(notes, 500, (chunk) => tx.insert(userInfo).values(chunk));
  const couples = shuffled(people.filter((p) => p.presentedAt !== null && (p.relations === 'married' || p.relations === 'partner'))).slice(
    0,
    8,
  );
  if (couples.length > 0) {
    await tx.insert(subUsers).values(
      couples.map((p) => {
        const region = REGIONS[regionOf(p)];
        const gender = p.gender === 'male' ? 'female' : 'male';
        return {
          userId: p.id,
          name: pick(gender === 'male' ? region.male : region.female),
          surname: p.surname,
          age: p.age === null ? null : Math.max(20, p.age + int(-5, 5)),
          gender,
          phone: chance(0.5) ? rng.mobile() : null,
          createdAt: p.presentedAt!,
        };
      }),
    );
  }

  await updatePeople(tx, people);
  const mailed = people.flatMap((p) => p.remindersMailed.map((stage) => ({ userId: p.id, stage, createdAt: p.emailReminderStageAt! })));
  await inChunks(mailed, 500, (chunk) => tx.insert(emailReminderMails).values(chunk));
  return added.length + leads.length;
}

interface HistoryContext {
  rng: Rng;
  now: number;
  caller: number;
  admin: number;
  salesAgent: number;
  staffIds: ReadonlySet<number>;
}

/** The contacts and status changes that lead a client from the first status to the current one. */
function historyOf(p: Person, ctx: HistoryContext) {
  const { rng, now } = ctx;
  const path = statusPath(p);
  const firstSale = path.findIndex((s) => SALES_STEPS.has(s));
  const leadSteps = firstSale < 0 ? path.slice(1) : path.slice(1, firstSale);
  const salesSteps = firstSale < 0 ? [] : path.slice(firstSale);
  const start = p.createdAt.getTime();
  const contacts: (typeof contactHistory.$inferInsert)[] = [];
  const statuses: (typeof statusHistory.$inferInsert)[] = [];
  const changeTo = (status: ClientStatus, changedById: number, at: Date) =>
    statuses.push({ userId: p.id, status, previousStatus: statuses.at(-1)?.status ?? null, changedById, createdAt: at });
  const contact = (type: ContactType, at: Date, fields: Partial<typeof contactHistory.$inferInsert> = {}) =>
    contacts.push({
      userId: p.id,
      type,
      flow: 'lead_flow',
      timeToCall: type === 'sms' || type === 'auto_call' ? null : p.timeToCall,
      comment: rng.pick(CONTACT_COMMENTS[type]),
      agentId: ctx.caller,
      createdAt: at,
      updatedAt: at,
      ...fields,
    });

  changeTo(path[0]!, p.createdById !== null && ctx.staffIds.has(p.createdById) ? p.createdById : ctx.admin, p.createdAt);
  if (!p.contacted) {
    let t = start;
    for (const step of [...leadSteps, ...salesSteps]) {
      t += Math.floor((now - t) * 0.3 * rng.random());
      changeTo(step, ctx.admin, new Date(t));
    }
    return { contacts, statuses };
  }

  const recallCreated =
    p.openRecall === 'ahead' ? now - rng.int(0, 3) * DAY - rng.int(1, 8) * HOUR : p.openRecall === 'due' ? now - rng.int(4, 8) * DAY : null;
  const leadEnd = Math.max(start, p.presentedAt?.getTime() ?? (recallCreated ?? now) - HOUR);
  const n = Math.max(leadSteps.length, 1) + rng.int(0, 3);
  const times = Array.from({ length: n }, () => rng.between(start, leadEnd)).sort((a, b) => a.getTime() - b.getTime());
  const later = recallCreated !== null || p.presentedAt !== null;
  times.forEach((at, k) => {
    const step = leadSteps[k - (n - leadSteps.length)];
    if (step) {
      contact(rng.chance(0.8) ? 'call' : 'inbound_call', at, { status: step, comment: STATUS_COMMENTS[step] ?? 'Status angepasst.' });
      changeTo(step, ctx.caller, at);
      return;
    }
    const r = rng.random();
    const type: ContactType = r < 0.4 ? 'call' : r < 0.55 ? 'auto_call' : r < 0.7 ? 'sms' : r < 0.8 ? 'inbound_call' : 'recall';
    contact(
      type,
      at,
      type === 'recall'
        ? { recallAt: new Date(at.getTime() + rng.int(1, 5) * DAY + rng.int(0, 8) * HOUR), recallDone: k < n - 1 || later }
        : {},
    );
  });
  if (recallCreated !== null) {
    const recallAt = p.openRecall === 'ahead' ? now + rng.int(1, 10) * DAY + rng.int(0, 8) * HOUR : now - rng.int(1, 3) * DAY;
    contact('recall', new Date(recallCreated), { recallAt: new Date(recallAt), recallDone: false });
  }

  if (p.presentedAt) {
    let t = p.presentedAt.getTime();
    salesSteps.forEach((step, j) => {
      t = j === 0 ? t : t + Math.floor((now - t) * 0.3 * rng.random());
      changeTo(step, j === 0 ? (p.linkedAgentId ?? ctx.salesAgent) : ctx.admin, new Date(t));
    });
    if ((BUYER_STATUSES as readonly string[]).includes(p.status)) {
      const sold = p.presentedAt.getTime();
      if (p.hasOnboardingSms) {
        contact('sms', new Date(Math.min(now, sold + rng.int(1, 20) * HOUR)), {
          flow: 'buyer_flow',
          comment: 'Onboarding-SMS mit den Zugangsdaten gesendet.',
        });
      }
      const after = Array.from({ length: rng.int(1, 2) }, () => rng.between(Math.min(sold + DAY, now), now)).sort(
        (a, b) => a.getTime() - b.getTime(),
      );
      for (const at of after) {
        contact(rng.chance(0.6) ? 'call' : 'inbound_call', at, { flow: 'buyer_flow', comment: rng.pick(BUYER_COMMENTS) });
      }
    }
  }
  return { contacts, statuses };
}

async function insertPeople(tx: Tx, people: Person[]): Promise<void> {
  const clientRole = roleByCode('user').id;
  await inChunks(people, 200, async (chunk) => {
    const rows = await tx
      .insert(users)
      .values(
        chunk.map((p) => ({
          roleId: clientRole,
          name: p.name,
          surname: p.surname,
          gender: p.gender,
          age: p.age,
          email: p.email,
          zipcode: p.zipcode,
          city: p.city,
          address: p.address,
          phone: p.phone,
          phoneE164: p.phoneE164,
          mobilePhone: p.mobilePhone,
          mobilePhoneE164: p.mobilePhoneE164,
          type: p.type,
          company: p.company,
          leadSource: p.leadSource,
          leadLocationId: p.leadLocationId,
          relations: p.relations,
          personsAtHome: p.personsAtHome,
          locale: p.locale,
          status: p.status,
          createdById: p.createdById,
          createdAt: p.createdAt,
          updatedAt: p.updatedAt,
        })),
      )
      .returning({ id: users.id });
    chunk.forEach((p, i) => (p.id = rows[i]!.id));
  });
}

/** One UPDATE … FROM (VALUES …) per 200 clients: what this file decided about each of them. */
async function updatePeople(tx: Tx, people: Person[]): Promise<void> {
  const at = (d: Date | null) => d?.toISOString() ?? null;
  await inChunks(people, 200, async (chunk) => {
    const values = chunk.map(
      (p) =>
        sql`(${p.id}::int, ${p.status}::text, ${p.type}::text, ${p.company}::text, ${p.leadSource}::text, ${p.mobilePhone}::text,
          ${p.mobilePhoneE164}::text, ${p.linkedAgentId}::int, ${p.referredById}::int, ${p.createdById}::int, ${p.category}::text,
          ${p.timeToCall}::text, ${p.hasOnboardingSms}::boolean, ${p.emailReminderStage}::text,
          ${at(p.emailReminderStageAt)}::timestamptz, ${p.callsCount}::int,
          ${at(p.lastContactAt)}::timestamptz, ${at(p.nextRecallAt)}::timestamptz, ${at(p.invoiceSentAt)}::timestamptz,
          ${at(p.purchaseFinishedAt)}::timestamptz, ${p.passwordHash}::text, ${at(p.updatedAt)}::timestamptz)`,
    );
    await tx.execute(sql`
      UPDATE users AS u SET
        status = v.status, type = v.type, company = v.company, lead_source = v.lead_source, mobile_phone = v.mobile_phone,
        mobile_phone_e164 = v.mobile_phone_e164, linked_agent_id = v.linked_agent_id, referred_by_id = v.referred_by_id,
        created_by_id = v.created_by_id, category = v.category, time_to_call = v.time_to_call,
        has_onboarding_sms = v.has_onboarding_sms, email_reminder_stage = v.email_reminder_stage,
        email_reminder_stage_at = v.email_reminder_stage_at, calls_count = v.calls_count,
        last_contact_at = v.last_contact_at, next_recall_at = v.next_recall_at, invoice_sent_at = v.invoice_sent_at,
        purchase_finished_at = v.purchase_finished_at, password_hash = v.password_hash, updated_at = v.updated_at
      FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, status, type, company, lead_source, mobile_phone, mobile_phone_e164,
        linked_agent_id, referred_by_id, created_by_id, category, time_to_call, has_onboarding_sms, email_reminder_stage,
        email_reminder_stage_at, calls_count, last_contact_at, next_recall_at, invoice_sent_at, purchase_finished_at, password_hash, updated_at)
      WHERE u.id = v.id`);
  });
}
