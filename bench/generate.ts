import type pg from 'pg';
import { loadPostcodes } from '../apps/api/src/db/seed/demo.ts';
import { REGIONS } from '../apps/api/src/db/seed/names.ts';

/**
 * Realistic volume, made inside PostgreSQL with generate_series so a million clients take minutes:
 * statuses, types, sources, Swiss postcodes, phones, agents, contact history, recommendations and links
 * spread the way a few years of a direct-sales back office leave them.
 */

/** A text array literal of constant data (names, streets, postcodes: no user input). */
function arr(values: readonly string[]): string {
  return `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`;
}

/** 1000 slots, each value repeated by its weight in ‰: `slots[1 + floor(random() * 1000)]` draws by weight. */
function slots(weights: Record<string, number>): string {
  const out: string[] = [];
  for (const [value, perMille] of Object.entries(weights)) {
    for (let k = 0; k < perMille; k += 1) {
      out.push(value);
    }
  }
  if (out.length !== 1000) {
    throw new Error(`weights add up to ${out.length}‰, not 1000‰`);
  }
  return `(${arr(out)})`;
}

/** Client statuses: the five make-a-demo statuses together 45 %. */
export const STATUS_WEIGHTS: Record<string, number> = {
  potential: 150,
  call_agents: 100,
  unqualified: 80,
  older: 70,
  user_rec: 50,
  not_answered: 120,
  not_interested: 100,
  archived: 80,
  sale_agents: 60,
  buy_product: 40,
  buy_other_products: 10,
  trash: 30,
  wrong_data: 30,
  single_man: 20,
  without_number: 10,
  decline_presentation: 15,
  not_buy: 15,
  accept_service: 5,
  reject_service: 5,
  know_hula: 5,
  younger: 5,
};

const SOURCE_WEIGHTS: Record<string, number> = {
  leads: 300,
  website: 150,
  event: 120,
  ocr: 100,
  perspective: 100,
  referral: 100,
  mall: 80,
  partner: 50,
};

/** Long tail of surnames: the name pools give the common ones, these syllables the rest. */
const SYLLABLES = {
  de: {
    a: [
      'Ab',
      'Bal',
      'Ber',
      'Blä',
      'Bol',
      'Brand',
      'Brun',
      'Bur',
      'Dal',
      'Eg',
      'Fank',
      'Frik',
      'Gass',
      'Gut',
      'Hal',
      'Hof',
      'Hug',
      'Imh',
      'Jen',
      'Kam',
      'Kno',
      'Küng',
      'Lang',
      'Loh',
      'Mar',
      'Nuss',
      'Ott',
      'Pfis',
      'Ram',
      'Rüeg',
      'Sig',
      'Stal',
      'Tan',
      'Urf',
      'Vog',
      'Zum',
    ],
    b: ['', 'en', 'er', 'li', 'ig', 'el', 'at', 'on'],
    c: ['mann', 'berger', 'egger', 'halder', 'inger', 'bach', 'hofer', 'stein', 'wald', 'rich', 'matt', 'li', 'er', 'ler', 'ner'],
  },
  fr: {
    a: ['Ber', 'Cha', 'Dé', 'Four', 'Gil', 'Jac', 'Mar', 'Per', 'Ro', 'Vuil', 'Bor', 'Cor', 'Duc', 'Fav', 'Gen', 'Mon'],
    b: ['', 'ni', 'ti', 'ch', 'ri'],
    c: ['ard', 'et', 'in', 'on', 'oud', 'ier', 'and', 'oz', 'at', 'ey'],
  },
  it: {
    a: ['Bel', 'Car', 'Del', 'Fer', 'Gal', 'Mor', 'Pel', 'Ros', 'Sal', 'Tor', 'Bar', 'Cec', 'Lur', 'Pon'],
    b: ['', 'l', 'r', 'ch', 'ag'],
    c: ['ini', 'elli', 'etti', 'oni', 'ari', 'ato', 'ucci', 'oli'],
  },
} as const;

const STREET_PARTS = {
  de: {
    a: [
      'Linden',
      'Birken',
      'Eichen',
      'Tannen',
      'Buchen',
      'Ahorn',
      'Rosen',
      'Tulpen',
      'Sonnen',
      'Berg',
      'See',
      'Wald',
      'Feld',
      'Wiesen',
      'Mühle',
      'Kirch',
      'Schul',
      'Dorf',
      'Garten',
      'Bach',
      'Reben',
      'Obstgarten',
      'Schloss',
      'Brunnen',
    ],
    b: ['strasse', 'weg', 'gasse', 'rain', 'halde'],
  },
  fr: {
    a: ['Rue', 'Chemin', 'Avenue', 'Route'],
    b: [
      ' de la Gare',
      ' du Lac',
      ' des Alpes',
      ' du Moulin',
      ' des Vignes',
      " de l'Église",
      ' du Château',
      ' des Fleurs',
      ' du Stand',
      ' de la Forêt',
      ' du Collège',
      ' des Prés',
    ],
  },
  it: {
    a: ['Via', 'Strada'],
    b: [' Cantonale', ' San Gottardo', ' ai Monti', ' della Stazione', ' Lugano', ' al Lago', ' dei Pini', ' Nassa', ' Motta', ' Vela'],
  },
} as const;

const AREA_CODES = {
  de: ['44', '43', '52', '61', '62', '31', '41', '71', '81', '56', '55', '32', '33', '34'],
  fr: ['21', '22', '24', '26', '27', '32'],
  it: ['91'],
} as const;

type Region = 'de' | 'fr' | 'it';
const REGION_KEYS: Region[] = ['de', 'fr', 'it'];

/** `CASE region WHEN 'de' THEN a[..] …`: one value per region from an expression that takes the region. */
function byRegion(expr: (r: Region) => string): string {
  return `CASE region ${REGION_KEYS.map((r) => `WHEN '${r}' THEN ${expr(r)}`).join(' ')} END`;
}

/** Picks from a literal array with a uniform random `u` in [0, 1). */
function pick(values: readonly string[], u: string): string {
  return `(${arr(values)})[1 + floor(${u} * ${values.length})::int]`;
}

export interface StaffIds {
  sales: number[];
  callAgents: number[];
  promoters: number[];
  referrers: number[];
}

/**
 * Staff the clients are spread over: 50 sales agents, 20 call agents (accounts with access 'all'),
 * 20 promotion agents, 30 partners and 10 independent agents; each with an accounts row.
 */
export async function generateStaff(pool: pg.Pool): Promise<StaffIds> {
  const roles: [string, number, number][] = [
    ['sa', 3, 50],
    ['ca', 4, 20],
    ['pa', 5, 20],
    ['partner', 6, 30],
    ['ia', 8, 10],
  ];
  for (const [prefix, roleId, count] of roles) {
    await pool.query(
      `WITH staff AS (
         INSERT INTO users (role_id, email, name, surname, phone, phone_e164, locale)
         SELECT $1::smallint, $2 || i || '@bench.test', ${pick(REGIONS.de.female, 'random()')}, ${pick(REGIONS.de.surnames, 'random()')},
                '044 500 ' || lpad(($1 * 100 + i)::text, 4, '0'), '+4144500' || lpad(($1 * 100 + i)::text, 4, '0'), 'de'
         FROM generate_series(1, $3::int) AS i
         RETURNING id)
       INSERT INTO accounts (user_id, access_to_clients) SELECT id, 'all' FROM staff`,
      [roleId, prefix, count],
    );
  }
  const ids = async (roleIds: number[]) =>
    (
      await pool.query<{ id: number }>(
        `SELECT id FROM users WHERE role_id = ANY($1::smallint[]) AND email LIKE '%@bench.test' ORDER BY id`,
        [roleIds],
      )
    ).rows.map((r) => r.id);
  return { sales: await ids([3]), callAgents: await ids([4]), promoters: await ids([5]), referrers: await ids([6, 8]) };
}

/**
 * Secondary indexes of the client tables are dropped while the rows go in and built afterwards (one
 * sorted build is many times faster than a million inserts into two trigram GIN indexes); constraint
 * indexes (primary keys) stay, so the foreign keys are checked as usual.
 */
async function withoutIndexes(client: pg.PoolClient, fill: () => Promise<void>): Promise<void> {
  const { rows } = await client.query<{ name: string; def: string }>(
    `SELECT indexname AS name, indexdef AS def FROM pg_indexes i
     WHERE schemaname = current_schema()
       AND tablename IN ('users', 'contact_history', 'status_history', 'recommendations', 'client_links')
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`,
  );
  for (const r of rows) {
    await client.query(`DROP INDEX "${r.name}"`);
  }
  await fill();
  await client.query(`SET maintenance_work_mem = '1GB'`);
  for (const r of rows) {
    await client.query(r.def);
  }
}

/**
 * `n` clients with explicit ids after the existing users, and their contact history (about 1.5 rows a
 * client), status history, recommendations (about 0.3 a client) and cohabitant / neighbour links.
 * calls_count, last_contact_at and next_recall_at are computed from the generated contact history.
 * Deliberate duplicates: every 500th client repeats the previous one's mobile (and name), the next one
 * the address of the one before, the next gives the mobile of the third before as landline.
 */
export async function generateClients(pool: pg.Pool, n: number, staff: StaffIds): Promise<void> {
  const postcodes = loadPostcodes();
  const cantonsOf = (r: Region) => REGIONS[r].cantons as readonly string[];
  const places: Record<Region, { postcode: string; locality: string }[]> = {
    de: postcodes.filter((p) => cantonsOf('de').includes(p.canton)),
    fr: postcodes.filter((p) => cantonsOf('fr').includes(p.canton)),
    it: postcodes.filter((p) => cantonsOf('it').includes(p.canton)),
  };
  const streets = (r: Region) => [...REGIONS[r].streets, ...STREET_PARTS[r].a.flatMap((a) => STREET_PARTS[r].b.map((b) => `${a}${b}`))];
  const intArr = (ids: number[]) => `ARRAY[${ids.join(',')}]::int[]`;
  const locations = await pool.query<{ id: number; type: string }>('SELECT id, type FROM locations ORDER BY id');
  const locIds = (type: string) => locations.rows.filter((l) => l.type === type).map((l) => l.id);
  const eventIds = locIds('event');
  const mallIds = locIds('mall');
  const base = (await pool.query<{ m: number }>('SELECT coalesce(max(id), 0)::int AS m FROM users')).rows[0]!.m;
  const makeADemo = `ARRAY['potential','unqualified','call_agents','user_rec','older']`;

  const client = await pool.connect();
  try {
    await client.query('SELECT setseed(0.2026)');
    await withoutIndexes(client, async () => {
      const batch = 250_000;
      for (let from = 1; from <= n; from += batch) {
        const to = Math.min(n, from + batch - 1);
        await client.query('DROP TABLE IF EXISTS gen_people, gen_contacts');
        // One row of random draws per client, then the client's fields from them.
        await client.query(
          `CREATE TEMP TABLE gen_people AS
           WITH draws AS (
             SELECT i, random() AS r_region, random() AS r_pc, random() AS r_first, random() AS r_gender, random() AS r_pool,
                    random() AS r_sur, random() AS r_sur2, random() AS r_sur3, random() AS r_street, random() AS r_no,
                    random() AS r_email, random() AS r_age, random() AS r_type, random() AS r_status, random() AS r_source,
                    random() AS r_link, random() AS r_ref, random() AS r_crt, random() AS r_land, random() AS r_nomobile,
                    random() AS r_k0, random() AS r_k, random() AS r_open, random() AS r_recall, random() AS r_upd, random() AS r_crd,
                    random() AS r_misc, random() AS r_misc2, random() AS r_misc3
             FROM generate_series($1::int, $2::int) AS i),
           regional AS (
             SELECT d.*, CASE WHEN r_region < 0.65 THEN 'de' WHEN r_region < 0.88 THEN 'fr' ELSE 'it' END AS region,
                    ${slots(STATUS_WEIGHTS)}[1 + floor(r_status * 1000)::int] AS status,
                    ${slots(SOURCE_WEIGHTS)}[1 + floor(r_source * 1000)::int] AS src,
                    lpad(((i::bigint * 7919 + 1234567) % 10000000)::text, 7, '0') AS mobile_digits,
                    lpad(((i::bigint * 104729 + 7654321) % 10000000)::text, 7, '0') AS land_digits
             FROM draws d)
           SELECT i, $3::int + i AS id, region, status,
                  CASE WHEN r_gender < 0.5 THEN 'male' ELSE 'female' END AS gender,
                  ${byRegion((r) => `CASE WHEN r_gender < 0.5 THEN ${pick(REGIONS[r].male, 'r_first')} ELSE ${pick(REGIONS[r].female, 'r_first')} END`)} AS name,
                  ${byRegion(
                    (r) =>
                      `CASE WHEN r_pool < 0.15 THEN ${pick(REGIONS[r].surnames, 'power(r_sur, 1.5)')}
                            ELSE ${pick(SYLLABLES[r].a, 'r_sur')} || ${pick(SYLLABLES[r].b, 'r_sur2')} || ${pick(SYLLABLES[r].c, 'r_sur3')} END`,
                  )} AS surname,
                  ${byRegion((r) =>
                    pick(
                      places[r].map((p) => p.postcode),
                      'r_pc',
                    ),
                  )} AS zipcode,
                  ${byRegion((r) =>
                    pick(
                      places[r].map((p) => p.locality),
                      'r_pc',
                    ),
                  )} AS city,
                  ${byRegion((r) => pick(streets(r), 'r_street'))} || ' ' || (1 + floor(r_no * 150)::int) AS address,
                  CASE WHEN r_land < 0.3 AND r_nomobile < 0.3 THEN NULL
                       ELSE '07' || (6 + i % 4) || ' ' || substr(mobile_digits, 1, 3) || ' ' || substr(mobile_digits, 4, 2) || ' ' || substr(mobile_digits, 6, 2) END AS mobile_phone,
                  CASE WHEN r_land < 0.3 AND r_nomobile < 0.3 THEN NULL ELSE '+417' || (6 + i % 4) || mobile_digits END AS mobile_phone_e164,
                  CASE WHEN r_land < 0.3 THEN ${byRegion((r) => pick(AREA_CODES[r], 'r_land / 0.3'))} END AS area,
                  land_digits,
                  r_email < 0.7 AS has_email,
                  CASE WHEN r_age < 0.15 THEN NULL ELSE 20 + floor((r_age - 0.15) / 0.85 * 70)::int END AS age,
                  r_type < 0.12 AS b2b,
                  CASE WHEN r_ref < 0.05 THEN 'partner' WHEN r_crt < 0.05 AND src NOT IN ('event', 'mall') THEN 'event' ELSE src END AS lead_source,
                  CASE WHEN r_link < CASE WHEN status IN ('sale_agents', 'buy_product', 'buy_other_products') THEN 0.8 ELSE 0.08 END
                       THEN (${intArr(staff.sales)})[1 + floor(r_misc * ${staff.sales.length})::int] END AS linked_agent_id,
                  CASE WHEN r_ref < 0.05 THEN (${intArr(staff.referrers)})[1 + floor(r_misc2 * ${staff.referrers.length})::int] END AS referred_by_id,
                  CASE WHEN r_crt < 0.05 THEN (${intArr(staff.promoters)})[1 + floor(r_misc3 * ${staff.promoters.length})::int] END AS created_by_id,
                  CASE WHEN r_k0 < CASE WHEN status = ANY(${makeADemo}) THEN 0.6 ELSE 0.2 END THEN 0
                       ELSE least(20, 1 + floor(-ln(1 - r_k) * 2)::int) END AS k,
                  r_open, r_recall, r_upd, r_crd, r_misc, r_misc2, r_misc3
           FROM regional`,
          [from, to, base],
        );
        // Deliberate duplicates (pairs inside the batch).
        await client.query(
          `UPDATE gen_people p SET mobile_phone = o.mobile_phone, mobile_phone_e164 = o.mobile_phone_e164, name = o.name, surname = o.surname
           FROM gen_people o WHERE p.i % 500 = 1 AND o.i = p.i - 1 AND o.mobile_phone IS NOT NULL`,
        );
        await client.query(
          `UPDATE gen_people p SET zipcode = o.zipcode, city = o.city, address = o.address, surname = o.surname
           FROM gen_people o WHERE p.i % 500 = 2 AND o.i = p.i - 2`,
        );
        await client.query(
          `UPDATE gen_people p SET area = NULL, land_digits = o.mobile_phone_e164
           FROM gen_people o WHERE p.i % 500 = 3 AND o.i = p.i - 3 AND o.mobile_phone_e164 IS NOT NULL`,
        );
        // Contacts: k per client, the last one at the client's last change; ~8 % of contacted clients have
        // an open recall (contacted within the last month), half of those due in the future.
        await client.query(
          `CREATE TEMP TABLE gen_contacts AS
           WITH timed AS (
             SELECT p.*, k > 0 AND r_open < 0.08 AS open_recall,
                    CASE WHEN k > 0 AND r_open < 0.08 THEN now() - (1 + r_upd * 29) * interval '1 day'
                         ELSE now() - r_upd * 730 * interval '1 day' END AS updated_at
             FROM gen_people p)
           SELECT t.id AS user_id, j, t.k, t.status AS client_status,
                  CASE WHEN j = t.k AND t.open_recall THEN 'recall' ELSE ${slots({ call: 550, inbound_call: 100, recall: 120, auto_call: 130, sms: 100 })}[1 + floor(random() * 1000)::int] END AS type,
                  t.updated_at - (t.k - j) * (r_crd * 120 / t.k) * interval '1 day' AS created_at,
                  j = t.k AND t.open_recall AS open,
                  CASE WHEN j = t.k AND t.open_recall
                       THEN CASE WHEN r_recall < 0.5 THEN now() + (1 + r_recall * 40) * interval '1 day'
                                 ELSE t.updated_at + (r_recall - 0.5) * 2 * (now() - t.updated_at) END END AS open_recall_at,
                  random() AS r
           FROM timed t CROSS JOIN LATERAL generate_series(1, t.k) AS j`,
        );
        await client.query(
          `INSERT INTO users (id, role_id, email, name, surname, gender, age, zipcode, city, address, phone, phone_e164, mobile_phone, mobile_phone_e164,
                              type, company, locale, status, lead_source, lead_location_id, linked_agent_id, referred_by_id, created_by_id, category,
                              time_to_call, has_onboarding_sms, email_reminder_stage, calls_count, last_contact_at, next_recall_at, invoice_sent_at,
                              purchase_finished_at, working_status, persons_at_home, has_kids, has_allergies, created_at, updated_at)
           SELECT p.id, 2,
                  CASE WHEN p.has_email THEN lower(translate(p.name || '.' || p.surname, 'äöüéèêàâçëïîôûÄÖÜÉÈ', 'aoueeeaaceiiouAOUEE'))
                       || p.i || '@' || ${pick(['bluewin.ch', 'gmx.ch', 'gmail.com', 'sunrise.ch', 'hispeed.ch', 'outlook.com'], 'p.r_misc2')} END,
                  p.name, p.surname, p.gender, p.age, p.zipcode, p.city, p.address,
                  CASE WHEN p.land_digits LIKE '+%' THEN '0' || substr(p.land_digits, 4, 2) || ' ' || substr(p.land_digits, 6, 3) || ' ' || substr(p.land_digits, 9, 2) || ' ' || substr(p.land_digits, 11, 2)
                       WHEN p.area IS NOT NULL THEN '0' || p.area || ' ' || substr(p.land_digits, 1, 3) || ' ' || substr(p.land_digits, 4, 2) || ' ' || substr(p.land_digits, 6, 2) END,
                  CASE WHEN p.land_digits LIKE '+%' THEN p.land_digits WHEN p.area IS NOT NULL THEN '+41' || p.area || p.land_digits END,
                  p.mobile_phone, p.mobile_phone_e164,
                  CASE WHEN p.b2b THEN 'B2B' ELSE 'B2C' END,
                  CASE WHEN p.b2b THEN p.surname || ' ' || ${pick(['AG', 'GmbH', '& Co.', 'Sàrl', 'SA', 'Holding AG'], 'p.r_misc3')} END,
                  CASE WHEN p.region = 'it' THEN 'it' ELSE 'de' END,
                  p.status, p.lead_source,
                  CASE WHEN p.lead_source = 'event' AND ${eventIds.length} > 0 THEN (${intArr(eventIds.length ? eventIds : [0])})[1 + floor(p.r_misc * ${Math.max(1, eventIds.length)})::int]
                       WHEN p.lead_source = 'mall' AND ${mallIds.length} > 0 THEN (${intArr(mallIds.length ? mallIds : [0])})[1 + floor(p.r_misc * ${Math.max(1, mallIds.length)})::int] END,
                  p.linked_agent_id, p.referred_by_id, p.created_by_id,
                  CASE WHEN p.r_misc3 < 0.1 THEN ${pick(['VIP', 'Senior', 'Familie', 'Gewerbe'], 'p.r_misc3 * 10')} END,
                  CASE WHEN p.r_misc2 < 0.3 THEN ${pick(['morning', 'afternoon', 'evening'], 'p.r_misc2 / 0.3')} END,
                  p.r_misc < 0.2,
                  CASE WHEN p.r_misc3 > 0.98 THEN ${pick(['first', 'second', 'third'], '(p.r_misc3 - 0.98) * 50')} END,
                  coalesce(c.calls, 0), c.last_at, c.recall_at,
                  CASE WHEN p.status IN ('buy_product', 'buy_other_products') AND p.r_misc2 < 0.7 THEN coalesce(c.last_at, now()) - interval '2 days' END,
                  CASE WHEN p.status IN ('buy_product', 'buy_other_products') AND p.r_misc2 < 0.5 THEN coalesce(c.last_at, now()) - interval '1 day' END,
                  ${pick(['part_time', 'full_time', 'retiree', 'search'], 'p.r_misc')},
                  ${pick(['1', '2', '3', '4', 'more'], 'p.r_misc2')},
                  p.r_misc3 < 0.4, p.r_misc < 0.15,
                  coalesce(c.first_at, now() - p.r_upd * 730 * interval '1 day') - p.r_crd * 365 * interval '1 day',
                  coalesce(c.last_at, now() - p.r_upd * 730 * interval '1 day')
           FROM gen_people p
           LEFT JOIN (SELECT user_id, count(*) FILTER (WHERE type <> 'sms')::int AS calls, min(created_at) AS first_at, max(created_at) AS last_at,
                             min(open_recall_at) AS recall_at
                      FROM gen_contacts GROUP BY user_id) c ON c.user_id = p.id`,
        );
        await client.query(
          `INSERT INTO contact_history (user_id, type, flow, time_to_call, comment, recall_at, recall_done, status, agent_id, created_at, updated_at)
           SELECT user_id, type, 'lead_flow', NULL,
                  ${pick(['', '', '', 'Rückruf erwünscht', 'Kein Interesse im Moment', 'Termin vereinbart', 'Combox', 'Nummer falsch'], 'r')},
                  CASE WHEN open THEN open_recall_at WHEN type = 'recall' THEN created_at + interval '2 days' END,
                  type = 'recall' AND NOT open,
                  CASE WHEN j = k THEN client_status END,
                  (${intArr(staff.callAgents)})[1 + floor(r * ${staff.callAgents.length})::int],
                  created_at, created_at
           FROM gen_contacts`,
        );
        await client.query(
          `INSERT INTO status_history (user_id, status, previous_status, changed_by_id, created_at)
           SELECT user_id, client_status, 'potential', (${intArr(staff.callAgents)})[1 + floor(r * ${staff.callAgents.length})::int], created_at
           FROM gen_contacts WHERE j = k AND client_status <> 'potential'`,
        );
        await client.query(
          `INSERT INTO recommendations (user_id, lead_id, name, surname, phone, phone_e164, city, zipcode, status, created_by_id, created_at, updated_at)
           SELECT p.id, CASE WHEN n = 1 AND p.r_misc < 0.5 THEN $1::int + $2::int + (p.i * 7 + 13) % ($3::int - $2::int + 1) END,
                  ${pick(REGIONS.de.female, 'p.r_misc3')}, ${pick(REGIONS.de.surnames, 'p.r_misc')},
                  '079 9' || lpad((p.i % 100)::text, 2, '0') || ' ' || lpad((p.i % 97)::text, 2, '0') || ' ' || n || '0',
                  '+41799' || lpad((p.i % 100)::text, 2, '0') || lpad((p.i % 97)::text, 2, '0') || n || '0',
                  p.city, p.zipcode, ${pick(['unconfirmed', 'confirmed', 'pending', 'approved', 'declined'], 'p.r_misc2')},
                  NULL, now() - p.r_upd * 730 * interval '1 day', now() - p.r_upd * 730 * interval '1 day'
           FROM gen_people p CROSS JOIN LATERAL generate_series(1, CASE WHEN p.r_misc2 < 0.1 THEN 2 WHEN p.r_misc2 < 0.2 THEN 1 ELSE 0 END) AS n`,
          [base, from, to],
        );
        await client.query(
          `INSERT INTO client_links (kind, user_a_id, user_b_id, created_at)
           SELECT 'cohabitant', $1::int + i, $1::int + i + 1, now() - (i % 700) * interval '1 day' FROM generate_series($2::int, $3::int) AS i
           WHERE i % 50 = 0 AND i + 1 <= $3::int
           UNION ALL
           SELECT 'block_neighbor', $1::int + i, $1::int + i + 5, now() - (i % 700) * interval '1 day' FROM generate_series($2::int, $3::int) AS i
           WHERE i % 40 = 7 AND i + 5 <= $3::int`,
          [base, from, to],
        );
      }
      await client.query('DROP TABLE IF EXISTS gen_people, gen_contacts');
    });
    await client.query(`SELECT setval('users_id_seq', (SELECT max(id) FROM users))`);
  } finally {
    client.release();
  }
}

export async function generateSessions(pool: pg.Pool, n: number): Promise<void> {
  await pool.query(
    `INSERT INTO sessions (id, user_id, ip, expires_at)
     SELECT md5(i::text) || md5((i + 1)::text), (SELECT min(id) FROM users) + i % 1000, '10.0.0.' || (i % 250), now() + interval '1 hour' * (i % 24 - 6)
     FROM generate_series(1, $1::int) AS i`,
    [n],
  );
}

export async function generateOutbox(pool: pg.Pool, n: number): Promise<void> {
  await pool.query(
    `INSERT INTO mail_outbox ("to", subject, text, kind, status, created_at)
     SELECT 'client' || (i * 7) || '@example.ch', 'Passwort zurücksetzen', 'Link …', 'recovery', 'sent', now() - i * interval '1 minute'
     FROM generate_series(1, $1::int) AS i`,
    [n],
  );
}

/** What was generated, for the log: shares that the list filters depend on. */
export async function describeClients(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<Record<string, string>>(
    `SELECT count(*) AS clients,
            round(100.0 * count(*) FILTER (WHERE status IN ('potential','unqualified','call_agents','user_rec','older')) / count(*), 1) AS make_a_demo_pct,
            round(100.0 * count(*) FILTER (WHERE status IN ('buy_product','buy_other_products')) / count(*), 1) AS buyers_pct,
            round(100.0 * count(*) FILTER (WHERE type = 'B2B') / count(*), 1) AS b2b_pct,
            round(100.0 * count(*) FILTER (WHERE email IS NOT NULL) / count(*), 1) AS email_pct,
            round(100.0 * count(*) FILTER (WHERE phone IS NOT NULL) / count(*), 1) AS landline_pct,
            round(100.0 * count(*) FILTER (WHERE linked_agent_id IS NOT NULL) / count(*), 1) AS linked_pct,
            round(100.0 * count(*) FILTER (WHERE referred_by_id IS NOT NULL) / count(*), 1) AS referred_pct,
            round(100.0 * count(*) FILTER (WHERE created_by_id IS NOT NULL) / count(*), 1) AS created_by_pct,
            round(100.0 * count(*) FILTER (WHERE calls_count = 0) / count(*), 1) AS never_called_pct,
            round(100.0 * count(*) FILTER (WHERE next_recall_at IS NOT NULL) / count(*), 1) AS open_recall_pct,
            round(100.0 * count(*) FILTER (WHERE next_recall_at > now()) / count(*), 1) AS future_recall_pct,
            round(100.0 * count(*) FILTER (WHERE email_reminder_stage IS NOT NULL) / count(*), 1) AS reminder_pct,
            round(100.0 * count(*) FILTER (WHERE surname = 'Müller') / count(*), 2) AS mueller_pct,
            (SELECT count(*) FROM contact_history) AS contacts,
            (SELECT count(*) FROM recommendations) AS recommendations,
            (SELECT count(*) FROM client_links) AS links,
            (SELECT count(*) FROM (SELECT 1 FROM users a JOIN users b ON b.mobile_phone_e164 = a.mobile_phone_e164 AND b.id > a.id WHERE a.role_id = 2) x)
              + (SELECT count(*) FROM (SELECT 1 FROM users a JOIN users b ON b.mobile_phone_e164 = a.phone_e164 WHERE a.role_id = 2) x) AS phone_duplicate_pairs,
            (SELECT coalesce(sum(c * (c - 1) / 2), 0) FROM (SELECT count(*) AS c FROM users WHERE role_id = 2 AND address IS NOT NULL
               GROUP BY zipcode, lower(regexp_replace(address, '[^[:alnum:]]+', '', 'g')) HAVING count(*) > 1) x) AS address_duplicate_pairs
     FROM users WHERE role_id = 2`,
  );
  return Object.entries(rows[0] ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
}
