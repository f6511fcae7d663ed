import { mergePhones, normalisePhone, type ClientStatus, type ClientSummaryDto, type LeadSource } from '@bo/domain';
import type { Actor } from '../../core/actor.ts';
import type { Tx } from '../../db/client.ts';
import { toClientSummary } from './dto.ts';
import * as repo from './import-writes.repo.ts';

/**
 * The clients an import writes (modules/import, docs/import.md): new leads made many at a time, and a
 * lead merged into an existing client, which only fills what the client lacks.
 */
export interface ImportedLead {
  name: string | null;
  surname: string | null;
  email: string | null;
  phone: string | null;
  mobile_phone: string | null;
  address: string | null;
  zipcode: string | null;
  city: string | null;
  age: number | null;
  company: string | null;
  gender: 'male' | 'female' | null;
  locale: string | null;
  leadSource: LeadSource;
  leadLocationId: number | null;
  status: ClientStatus;
  /** Kept in the client's notes (user_info). */
  note: string | null;
}

/** The clients of these ids as the lists show them (any scope: the import sees every client), by id. */
export async function clientSummariesIn(tx: Tx, ids: readonly number[]): Promise<Map<number, ClientSummaryDto>> {
  const rows = await repo.clientSummaryRows(tx, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.user.id, toClientSummary(r)]));
}

/** Which of these e-mails (any letter case) and phones (any writing) a client or user already holds. */
export async function takenContactsIn(tx: Tx, emails: readonly string[], phones: readonly string[]) {
  const e164 = phones.map((p) => normalisePhone(p)).filter((p): p is string => Boolean(p));
  const taken = await repo.takenContacts(tx, [...new Set(emails.map((e) => e.toLowerCase()))], [...new Set(e164)]);
  return {
    emailTaken: (email: string) => taken.emails.has(email.toLowerCase()),
    phoneTaken: (phone: string) => {
      const n = normalisePhone(phone);
      return n !== undefined && taken.phones.has(n);
    },
  };
}

/**
 * New clients from import rows, in the caller's transaction, many per statement: each with its lead
 * source and location, its first status (and that status in its history), the importer as creator,
 * and the row's note in its notes. The caller has refused e-mails and phones held already. Answers the
 * ids in the order given.
 */
export async function insertImportedClientsIn(tx: Tx, actor: Actor, leads: readonly ImportedLead[]): Promise<number[]> {
  const ids = await repo.insertClients(
    tx,
    leads.map((l) => ({
      name: l.name ?? '',
      surname: l.surname ?? '',
      email: l.email,
      phone: l.phone,
      phoneE164: normalisePhone(l.phone) ?? null,
      mobilePhone: l.mobile_phone,
      mobilePhoneE164: normalisePhone(l.mobile_phone) ?? null,
      address: l.address,
      zipcode: l.zipcode,
      city: l.city,
      age: l.age,
      company: l.company,
      gender: l.gender,
      ...(l.locale ? { locale: l.locale } : {}),
      leadSource: l.leadSource,
      leadLocationId: l.leadLocationId,
      status: l.status,
      createdById: actor.userId,
    })),
  );
  await repo.insertStatusHistory(
    tx,
    ids.map((id, i) => ({ userId: id, status: leads[i]!.status, changedById: actor.userId })),
  );
  await repo.insertNotes(
    tx,
    ids.flatMap((id, i) => (leads[i]!.note ? [{ userId: id, text: leads[i]!.note, authorId: actor.userId }] : [])),
  );
  return ids;
}

const FIELD_LABEL: Record<string, string> = {
  name: 'Vorname',
  surname: 'Nachname',
  email: 'E-Mail',
  phone: 'Telefon',
  mobile_phone: 'Mobile',
  address: 'Adresse',
  zipcode: 'PLZ',
  city: 'Ort',
  age: 'Alter',
  company: 'Firma',
};

/**
 * Merges an import row into an existing client, in the caller's transaction: only the fields the
 * client lacks are filled (the address with its postcode and place only when the client has none of
 * them; an e-mail only when no one else holds it; phones by the merge rule of the phone fields), so
 * nothing of the client is lost; what the row said otherwise is kept, with the import's `source`, in
 * the client's notes. Answers the fields filled, or null when the client is not there.
 */
export async function mergeImportIntoClientIn(
  tx: Tx,
  actor: Actor,
  clientId: number,
  lead: ImportedLead,
  source: string,
): Promise<{ filled: string[] } | null> {
  const held = await repo.lockClient(tx, clientId);
  if (!held) {
    return null;
  }
  const values: Partial<typeof held> = {};
  const filled: string[] = [];
  const left: string[] = [];
  const keep = (field: string, value: string | number | null, current: string | number | null) => {
    if (value !== null && value !== '' && String(value).toLowerCase() !== String(current ?? '').toLowerCase()) {
      left.push(`${FIELD_LABEL[field] ?? field}: ${value}`);
    }
  };
  if (!held.name && lead.name) {
    values.name = lead.name;
    filled.push('name');
  } else {
    keep('name', lead.name, held.name);
  }
  if (!held.surname && lead.surname) {
    values.surname = lead.surname;
    filled.push('surname');
  } else {
    keep('surname', lead.surname, held.surname);
  }
  if (!held.email && lead.email) {
    const taken = await takenContactsIn(tx, [lead.email], []);
    if (taken.emailTaken(lead.email)) {
      keep('email', lead.email, null);
    } else {
      values.email = lead.email;
      filled.push('email');
    }
  } else {
    keep('email', lead.email, held.email);
  }
  const phones = mergePhones({ phone: held.phone, mobile_phone: held.mobilePhone }, { phone: lead.phone, mobile_phone: lead.mobile_phone });
  if (phones.phone !== (held.phone || null)) {
    values.phone = phones.phone;
    values.phoneE164 = normalisePhone(phones.phone) ?? null;
    filled.push('phone');
  }
  if (phones.mobile_phone !== (held.mobilePhone || null)) {
    values.mobilePhone = phones.mobile_phone;
    values.mobilePhoneE164 = normalisePhone(phones.mobile_phone) ?? null;
    filled.push('mobile_phone');
  }
  phones.left.forEach((p) => left.push(`${FIELD_LABEL.phone}: ${p}`));
  if (!held.address && !held.zipcode && !held.city && (lead.address || lead.zipcode || lead.city)) {
    values.address = lead.address;
    values.zipcode = lead.zipcode;
    values.city = lead.city;
    filled.push('address');
  } else {
    keep('address', lead.address, held.address);
    keep('zipcode', lead.zipcode, held.zipcode);
    keep('city', lead.city, held.city);
  }
  if (held.age === null && lead.age !== null) {
    values.age = lead.age;
    filled.push('age');
  } else {
    keep('age', lead.age, held.age);
  }
  if (!held.company && lead.company) {
    values.company = lead.company;
    filled.push('company');
  } else {
    keep('company', lead.company, held.company);
  }
  if (!held.gender && lead.gender) {
    values.gender = lead.gender;
  }
  if (held.leadLocationId === null && lead.leadLocationId !== null) {
    values.leadLocationId = lead.leadLocationId;
  }
  if (Object.keys(values).length > 0) {
    await repo.updateClientColumns(tx, clientId, values);
  }
  const lines = [source, ...(filled.length > 0 ? [`Ergänzt: ${filled.map((f) => FIELD_LABEL[f] ?? f).join(', ')}`] : []), ...left];
  if (lead.note) {
    lines.push(`Bemerkung: ${lead.note}`);
  }
  await repo.insertNotes(tx, [{ userId: clientId, text: lines.join('\n'), authorId: actor.userId }]);
  return { filled };
}
