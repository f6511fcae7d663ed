import { roleByCode } from '@bo/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { locations, statusHistory, userInfo, users } from '../../db/schema/index.ts';

type UserInsert = typeof users.$inferInsert;

const agent = alias(users, 'linked_agent');

/** Clients by id with their lead location and linked agent (the summary's sources), any scope. */
export function clientSummaryRows(tx: Tx, ids: readonly number[]) {
  if (ids.length === 0) {
    return Promise.resolve([]);
  }
  return tx
    .select({
      user: users,
      location: { id: locations.id, code: locations.code, displayName: locations.displayName },
      agent: { id: agent.id, name: agent.name, surname: agent.surname },
    })
    .from(users)
    .leftJoin(locations, eq(locations.id, users.leadLocationId))
    .leftJoin(agent, eq(agent.id, users.linkedAgentId))
    .where(and(eq(users.roleId, roleByCode('user').id), inArray(users.id, [...ids])));
}

/**
 * Of these e-mails (lower case) those some user holds; of these phones (E.164) those some client holds.
 * Each part of 5,000 is one array parameter (`= ANY`), looked up through the column's index: a list of
 * 5,000 parameters cost more to build and to plan than the lookups took (an import's 77,000 new clients:
 * 4.4 s, docs/performance.md).
 */
export async function takenContacts(tx: Tx, emails: readonly string[], phones: readonly string[]) {
  const takenEmails = new Set<string>();
  const takenPhones = new Set<string>();
  const CHUNK = 5_000;
  for (let i = 0; i < emails.length; i += CHUNK) {
    const part = emails.slice(i, i + CHUNK);
    const rows = await tx.execute<{ email: string }>(
      sql`SELECT lower(${users.email}) AS email FROM ${users} WHERE lower(${users.email}) = ANY(${sql.param(part)}::text[])`,
    );
    rows.rows.forEach((r) => takenEmails.add(r.email));
  }
  const clientRole = roleByCode('user').id;
  for (let i = 0; i < phones.length; i += CHUNK) {
    const part = sql.param(phones.slice(i, i + CHUNK));
    // One lookup per column (each through its index); `a OR b` over thousands of numbers reads the whole table.
    const held = async (column: typeof users.phoneE164 | typeof users.mobilePhoneE164) =>
      (
        await tx.execute<{ phone: string }>(
          sql`SELECT ${column} AS phone FROM ${users} WHERE ${users.roleId} = ${clientRole} AND ${column} = ANY(${part}::text[])`,
        )
      ).rows;
    for (const r of [...(await held(users.phoneE164)), ...(await held(users.mobilePhoneE164))]) {
      takenPhones.add(r.phone);
    }
  }
  return { emails: takenEmails, phones: takenPhones };
}

/** What an import sets of a new client (the rest takes the column defaults). */
export type ImportedClientValues = Pick<
  UserInsert,
  | 'name'
  | 'surname'
  | 'email'
  | 'phone'
  | 'phoneE164'
  | 'mobilePhone'
  | 'mobilePhoneE164'
  | 'address'
  | 'zipcode'
  | 'city'
  | 'age'
  | 'company'
  | 'gender'
  | 'locale'
  | 'leadSource'
  | 'leadLocationId'
  | 'status'
  | 'createdById'
>;

/**
 * Inserts clients many at a time; answers their ids in the order given. The ids are drawn from the
 * sequence first, then the rows go 5,000 a statement as one JSON parameter (building a statement of
 * 1,000 rows × every column of users cost more time than the database took to write it).
 */
export async function insertClients(tx: Tx, values: ImportedClientValues[]): Promise<number[]> {
  if (values.length === 0) {
    return [];
  }
  const drawn = await tx.execute<{ id: number }>(
    sql`SELECT nextval(pg_get_serial_sequence('users', 'id'))::int AS id FROM generate_series(1, ${values.length})`,
  );
  const ids = drawn.rows.map((r) => r.id);
  const roleId = roleByCode('user').id;
  const CHUNK = 5_000;
  for (let i = 0; i < values.length; i += CHUNK) {
    const payload = JSON.stringify(
      values.slice(i, i + CHUNK).map((v, k) => ({
        id: ids[i + k],
        name: v.name,
        surname: v.surname,
        email: v.email ?? null,
        phone: v.phone ?? null,
        phone_e164: v.phoneE164 ?? null,
        mobile_phone: v.mobilePhone ?? null,
        mobile_phone_e164: v.mobilePhoneE164 ?? null,
        address: v.address ?? null,
        zipcode: v.zipcode ?? null,
        city: v.city ?? null,
        age: v.age ?? null,
        company: v.company ?? null,
        gender: v.gender ?? null,
        locale: v.locale ?? null,
        lead_source: v.leadSource ?? null,
        lead_location_id: v.leadLocationId ?? null,
        status: v.status ?? null,
        created_by_id: v.createdById ?? null,
      })),
    );
    await tx.execute(sql`
      INSERT INTO users (id, role_id, name, surname, email, phone, phone_e164, mobile_phone, mobile_phone_e164, address, zipcode,
                         city, age, company, gender, locale, lead_source, lead_location_id, status, created_by_id)
      SELECT x.id, ${roleId}, x.name, x.surname, x.email, x.phone, x.phone_e164, x.mobile_phone, x.mobile_phone_e164, x.address,
             x.zipcode, x.city, x.age, x.company, x.gender, coalesce(x.locale, 'de'), x.lead_source, x.lead_location_id,
             x.status, x.created_by_id
      FROM jsonb_to_recordset(${payload}::jsonb) AS x(id int, name text, surname text, email text, phone text, phone_e164 text,
           mobile_phone text, mobile_phone_e164 text, address text, zipcode text, city text, age int, company text, gender text,
           locale text, lead_source text, lead_location_id int, status text, created_by_id int)`);
  }
  return ids;
}

/**
 * The first status of new clients, and notes of them: one statement of three array parameters
 * each, whatever the number of rows (the query builder's statements of 5,000 rows took 9 s to build
 * for an import's 77,000 new clients; docs/performance.md).
 */
export async function insertStatusHistory(tx: Tx, rows: { userId: number; status: string; changedById: number }[]): Promise<void> {
  if (rows.length === 0) {
    return;
  }
  await tx.execute(sql`
    INSERT INTO ${statusHistory} (user_id, status, previous_status, changed_by_id)
    SELECT x.user_id, x.status, NULL, x.changed_by_id
    FROM unnest(${sql.param(rows.map((r) => r.userId))}::int[], ${sql.param(rows.map((r) => r.status))}::text[],
                ${sql.param(rows.map((r) => r.changedById))}::int[]) AS x(user_id, status, changed_by_id)`);
}

export async function insertNotes(tx: Tx, rows: { userId: number; text: string; authorId: number }[]): Promise<void> {
  if (rows.length === 0) {
    return;
  }
  await tx.execute(sql`
    INSERT INTO ${userInfo} (user_id, text, author_id)
    SELECT x.user_id, x.text, x.author_id
    FROM unnest(${sql.param(rows.map((r) => r.userId))}::int[], ${sql.param(rows.map((r) => r.text))}::text[],
                ${sql.param(rows.map((r) => r.authorId))}::int[]) AS x(user_id, text, author_id)`);
}

/** A client locked for a merge (any scope), or undefined when there is no such client. */
export async function lockClient(tx: Tx, id: number) {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.roleId, roleByCode('user').id)))
    .for('update');
  return row;
}

export async function updateClientColumns(tx: Tx, id: number, values: Partial<UserInsert>): Promise<void> {
  await tx
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}
