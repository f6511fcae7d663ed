import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/**
 * What the merge of two clients does with every column that refers to a user. `move`: the rows of the
 * merged client now belong to the kept one. `drop`: rows that only make sense for the merged client's
 * own sign-in (its sessions, codes, table layouts) end with it. `once`: one row per user, moved when the
 * kept client has none. Links and the sub-user need care
 * (see mergeClients). A test reads the database's foreign keys to users and fails on any column that
 * is missing here, so a table added later cannot be forgotten.
 */
export const MERGE_PLAN = {
  'users.linked_agent_id': 'move',
  'users.referred_by_id': 'move',
  'contact_history.user_id': 'move',
  'contact_history.agent_id': 'move',
  'status_history.user_id': 'move',
  'status_history.changed_by_id': 'move',
  'recommendations.user_id': 'move',
  'recommendations.lead_id': 'move',
  'recommendations.created_by_id': 'move',
  'user_info.user_id': 'move',
  'user_info.author_id': 'move',
  'call_attempts.user_id': 'move',
  'call_attempts.agent_id': 'move',
  'client_links.user_a_id': 'links',
  'client_links.user_b_id': 'links',
  'client_links.created_by_id': 'move',
  'sub_users.user_id': 'sub_user',
  'events.client_id': 'move',
  'events.agent_id': 'move',
  'events.created_by_id': 'move',
  'events.updated_by_id': 'move',
  'recall_history.created_by_id': 'move',
  'orders.client_id': 'move',
  'orders.agent_id': 'move',
  'orders.call_agent_id': 'move',
  'orders.partner_id': 'move',
  'user_documents.user_id': 'move',
  'user_documents.created_by_id': 'move',
  'sms_outbox.user_id': 'move',
  'order_payments.created_by_id': 'move',
  'order_deliveries.created_by_id': 'move',
  'commissions.agent_id': 'move',
  'commission_receipts.agent_id': 'move',
  'commission_receipts.created_by_id': 'move',
  'omnicas_applications.created_by_id': 'move',
  'import_batches.created_by_id': 'move',
  'ocr_operations.created_by_id': 'move',
  'telephony_calls.client_id': 'move',
  'telephony_calls.agent_id': 'move',
  // Only staff have an availability at the telephony provider; a merge refuses anyone but clients.
  'telephony_agent_status.agent_id': 'drop',
  'sessions.user_id': 'drop',
  'sessions.impersonator_id': 'drop',
  'auth_tokens.user_id': 'drop',
  'table_snapshots.user_id': 'drop',
  // The kept client's own reminders go on; the merged record's mails and unsubscribe link end with it.
  'email_reminder_mails.user_id': 'drop',
  'email_reminder_optouts.user_id': 'drop',
  // Only staff have accounts; a merge refuses anyone but clients.
  'accounts.user_id': 'drop',
  // The checked point of the merged record's address ends with it; the kept address keeps its own.
  'address_geocodes.user_id': 'drop',
  // A client has one referral link: the merged one's moves when the kept client has none.
  'referral_links.user_id': 'once',
  'referral_signups.user_id': 'move',
  // Licences and the planner's days are staff's; a merge refuses anyone but clients.
  'licences.agent_id': 'move',
  'licences.requested_by_id': 'move',
  'licences.activated_by_id': 'move',
  'planner_blocked_days.agent_id': 'move',
  'planner_private_appointments.agent_id': 'move',
} as const satisfies Record<string, 'move' | 'drop' | 'once' | 'links' | 'sub_user'>;

export interface ForeignKeyToUsers {
  table: string;
  column: string;
}

/** Every column of the database that refers to users.id. */
export async function foreignKeysToUsers(tx: Tx): Promise<ForeignKeyToUsers[]> {
  const res = await tx.execute<{ table: string; column: string }>(sql`
    SELECT c.conrelid::regclass::text AS table, a.attname AS column
    FROM pg_constraint c
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
    WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass
    ORDER BY 1, 2`);
  return res.rows;
}

/** Counts of what belongs to a client, per table.column (tests compare them before and after a merge). */
export async function belongingsOf(tx: Tx, userId: number): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const key of Object.keys(MERGE_PLAN)) {
    const [table, column] = key.split('.') as [string, string];
    const res = await tx.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${userId}`,
    );
    out[key] = res.rows[0]?.n ?? 0;
  }
  return out;
}

/** The two clients, locked in id order so two merges of the same pair cannot deadlock. */
export async function lockClients(tx: Tx, ids: [number, number]): Promise<number[]> {
  const res = await tx.execute<{ id: number }>(
    sql`SELECT id FROM users WHERE id IN (${ids[0]}, ${ids[1]}) AND role_id = 2 ORDER BY id FOR UPDATE`,
  );
  return res.rows.map((r) => r.id);
}

/** The whole row of the merged client as JSON, kept in the audit log. */
export async function snapshotOf(tx: Tx, id: number): Promise<Record<string, unknown>> {
  const res = await tx.execute<{ row: Record<string, unknown> }>(
    sql`SELECT to_jsonb(u) - 'password_hash' AS row FROM users u WHERE u.id = ${id}`,
  );
  return res.rows[0]?.row ?? {};
}

/** The kept client's phones after the merge (mergePhones) with their E.164 forms, and numbers kept as a note. */
export interface MergedPhones {
  phone: string | null;
  phoneE164: string | null;
  mobilePhone: string | null;
  mobilePhoneE164: string | null;
  left: string[];
}

/**
 * Moves everything of `mergeId` to `keepId` and deletes `mergeId`, inside the caller's transaction.
 * Empty fields of the kept client are filled from the merged one; the counters add up; the phones are
 * those worked out by the caller (each number once).
 */
export async function mergeClients(tx: Tx, keepId: number, mergeId: number, phones: MergedPhones): Promise<void> {
  for (const [key, how] of Object.entries(MERGE_PLAN)) {
    const [table, column] = key.split('.') as [string, string];
    if (how === 'move') {
      await tx.execute(
        sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(column)} = ${keepId} WHERE ${sql.identifier(column)} = ${mergeId}`,
      );
    } else if (how === 'drop') {
      await tx.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${mergeId}`);
    } else if (how === 'once') {
      // One row per user: the kept client's own stays, else the merged one's becomes the kept client's.
      await tx.execute(
        sql`DELETE FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${mergeId}
            AND EXISTS (SELECT 1 FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${keepId})`,
      );
      await tx.execute(
        sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(column)} = ${keepId} WHERE ${sql.identifier(column)} = ${mergeId}`,
      );
    }
  }
  // A recommendation that pointed at the other record as its lead may now be the client's own.
  await tx.execute(sql`UPDATE recommendations SET lead_id = NULL WHERE lead_id = user_id`);

  // Links: each pair once, lower id first; a link between the two themselves disappears.
  await tx.execute(sql`
    INSERT INTO client_links (kind, user_a_id, user_b_id, created_by_id, created_at)
    SELECT kind, least(other, ${keepId}), greatest(other, ${keepId}), created_by_id, created_at
    FROM (SELECT kind, CASE WHEN user_a_id = ${mergeId} THEN user_b_id ELSE user_a_id END AS other, created_by_id, created_at
          FROM client_links WHERE user_a_id = ${mergeId} OR user_b_id = ${mergeId}) AS moved
    WHERE other <> ${keepId}
    ON CONFLICT DO NOTHING`);
  await tx.execute(sql`DELETE FROM client_links WHERE user_a_id = ${mergeId} OR user_b_id = ${mergeId}`);

  // The sub-user: moved when the kept client has none; otherwise kept as a note, so nothing is lost.
  await tx.execute(sql`
    INSERT INTO user_info (user_id, text, created_at, updated_at)
    SELECT ${keepId}, 'Zweite Person aus zusammengeführtem Datensatz: ' || concat_ws(', ', nullif(trim(name || ' ' || surname), ''),
             'Alter ' || age, gender, phone, email), created_at, now()
    FROM sub_users WHERE user_id = ${mergeId} AND EXISTS (SELECT 1 FROM sub_users WHERE user_id = ${keepId})`);
  await tx.execute(sql`DELETE FROM sub_users WHERE user_id = ${mergeId} AND EXISTS (SELECT 1 FROM sub_users WHERE user_id = ${keepId})`);
  await tx.execute(sql`UPDATE sub_users SET user_id = ${keepId} WHERE user_id = ${mergeId}`);

  // A number of the merged client that found no free field is kept as a note.
  if (phones.left.length > 0) {
    await tx.execute(sql`
      INSERT INTO user_info (user_id, text, created_at, updated_at)
      VALUES (${keepId}, ${`Weitere Telefonnummer aus zusammengeführtem Datensatz: ${phones.left.join(', ')}`}, now(), now())`);
  }

  // The e-mail is unique: it moves only when the kept client has none.
  await tx.execute(sql`
    WITH m AS (UPDATE users SET email = NULL WHERE id = ${mergeId} RETURNING *, (SELECT email FROM users WHERE id = ${mergeId}) AS old_email)
    UPDATE users k SET
      email = coalesce(k.email, m.old_email),
      phone = ${phones.phone}, phone_e164 = ${phones.phoneE164},
      mobile_phone = ${phones.mobilePhone}, mobile_phone_e164 = ${phones.mobilePhoneE164},
      zipcode = coalesce(k.zipcode, m.zipcode), city = coalesce(k.city, m.city), address = coalesce(k.address, m.address),
      age = coalesce(k.age, m.age), gender = coalesce(k.gender, m.gender), company = coalesce(k.company, m.company),
      relations = coalesce(k.relations, m.relations), working_status = coalesce(k.working_status, m.working_status),
      persons_at_home = coalesce(k.persons_at_home, m.persons_at_home), has_kids = coalesce(k.has_kids, m.has_kids),
      has_allergies = coalesce(k.has_allergies, m.has_allergies), pet = coalesce(k.pet, m.pet),
      lead_source = coalesce(k.lead_source, m.lead_source), lead_location_id = coalesce(k.lead_location_id, m.lead_location_id),
      linked_agent_id = coalesce(k.linked_agent_id, m.linked_agent_id), referred_by_id = coalesce(k.referred_by_id, m.referred_by_id),
      created_by_id = coalesce(k.created_by_id, m.created_by_id), category = coalesce(k.category, m.category),
      time_to_call = coalesce(k.time_to_call, m.time_to_call), password_hash = coalesce(k.password_hash, m.password_hash),
      has_onboarding_sms = k.has_onboarding_sms OR m.has_onboarding_sms,
      calls_count = k.calls_count + m.calls_count,
      last_contact_at = greatest(k.last_contact_at, m.last_contact_at),
      next_recall_at = least(k.next_recall_at, m.next_recall_at),
      created_at = least(k.created_at, m.created_at),
      updated_at = now()
    FROM m WHERE k.id = ${keepId}`);
  await tx.execute(sql`DELETE FROM users WHERE id = ${mergeId}`);
}
