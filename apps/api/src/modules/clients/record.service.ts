import {
  CALL_TYPES,
  INITIAL_CLIENT_STATUS,
  newClientAttribution,
  normalisePhone,
  type ClientBody,
  type ClientRecordDto,
  type ClientStatus,
  type ClientUpdateBody,
  type ContactHistoryBody,
  type ContactHistoryDto,
  type ContactHistoryEditBody,
  type SubUserBody,
  type UserInfoDto,
} from '@bo/domain';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, refused } from '../../core/errors.ts';
import type { Actor, RequestMeta } from '../../core/actor.ts';
import { audit } from '../audit/index.ts';
import { toClientSummary } from './dto.ts';
import { announceClientUpdated, announceListing, announceNewLead, roomsOfClient, type ClientsDeps } from './live.service.ts';
import { snapshotOf } from './merge.repo.ts';
import { clientFlagsOf, inScope } from './policy.ts';
import * as repo from './record.repo.ts';
import * as relations from './relations.repo.ts';

/**
 * The client record (spec 2 show-user, create-client; spec 7 "User"): its fields, contact history,
 * notes and second person; and the changes other modules make to a client inside their own transaction
 * (they announce the change on the socket after their commit, announceClientUpdated).
 */

type Deps = Pick<ClientsDeps, 'db' | 'publish' | 'onClientRemoved'>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** Undefined leaves a field as it is; an empty string or null clears it. */
const blank = (v: string | null | undefined) => (v === undefined ? undefined : v === '' || v === null ? null : v);

function toContact(row: Awaited<ReturnType<typeof repo.contactHistoryOf>>[number]): ContactHistoryDto {
  const e = row.entry;
  return {
    id: e.id,
    user_id: e.userId,
    type: e.type as ContactHistoryDto['type'],
    flow: e.flow as ContactHistoryDto['flow'],
    time_to_call: e.timeToCall as ContactHistoryDto['time_to_call'],
    comment: e.comment,
    recall_at: iso(e.recallAt),
    recall_done: e.recallDone,
    status: e.status,
    agent: row.agent,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}

function toUserInfo(row: Awaited<ReturnType<typeof repo.userInfoOf>>[number]): UserInfoDto {
  return {
    id: row.entry.id,
    user_id: row.entry.userId,
    text: row.entry.text,
    author: row.author,
    created_at: row.entry.createdAt.toISOString(),
    updated_at: row.entry.updatedAt.toISOString(),
  };
}

/** GET /api/user/{id}: the client and everything shown on its page, with what the actor may do with it. */
export async function clientRecord(tx: Tx, actor: Actor, id: number): Promise<ClientRecordDto> {
  const { found } = await inScope(tx, actor, id);
  return recordOf(tx, found, actor);
}

/**
 * The record of a client the actor just created or changed: answered even when it now falls outside
 * their scope (a call agent for B2B only who adds a B2C lead, or a change of type): they just typed it in.
 */
async function changedRecord(tx: Tx, actor: Actor, id: number): Promise<ClientRecordDto> {
  const found = await relations.findClient(tx, { kind: 'all' }, id);
  if (!found) {
    throw new AppError('UNKNOWN_USER_ID');
  }
  return recordOf(tx, found, actor);
}

async function recordOf(tx: Tx, found: relations.ClientSummaryRow, actor: Pick<Actor, 'role'>): Promise<ClientRecordDto> {
  const id = found.user.id;
  const u = found.user;
  const [contacts, statuses, notes, sub, createdBy, referredBy] = await Promise.all([
    repo.contactHistoryOf(tx, id),
    repo.statusHistoryOf(tx, id),
    repo.userInfoOf(tx, id),
    repo.subUserOf(tx, id),
    repo.personById(tx, u.createdById),
    repo.personById(tx, u.referredById),
  ]);
  return {
    ...toClientSummary(found),
    gender: u.gender,
    relations: u.relations,
    working_status: u.workingStatus,
    persons_at_home: u.personsAtHome,
    pet: u.pet,
    has_kids: u.hasKids,
    has_allergies: u.hasAllergies,
    locale: u.locale,
    category: u.category,
    time_to_call: u.timeToCall,
    promotional_gift: u.promotionalGift,
    recommendations_needed: u.recommendationsNeeded,
    recommendation_products: u.recommendationProducts,
    has_onboarding_sms: u.hasOnboardingSms,
    created_by: createdBy,
    referred_by: referredBy,
    sub_user: sub && {
      id: sub.id,
      name: sub.name,
      surname: sub.surname,
      age: sub.age,
      gender: sub.gender,
      phone: sub.phone,
      email: sub.email,
    },
    user_info: notes.map(toUserInfo),
    status_history: statuses.map((s) => ({
      id: s.entry.id,
      status: s.entry.status,
      previous_status: s.entry.previousStatus,
      changed_by: s.changedBy,
      created_at: s.entry.createdAt.toISOString(),
    })),
    contact_history: contacts.map(toContact),
    ...clientFlagsOf(actor),
  };
}

/** The columns a client body sets; phones also in their E.164 form, empty strings as null. */
export function columnsOf(body: ClientUpdateBody): Partial<repo.UserInsert> {
  const out: Partial<repo.UserInsert> = {
    name: body.name,
    surname: body.surname,
    email: blank(body.email),
    zipcode: blank(body.zipcode),
    city: blank(body.city),
    address: blank(body.address),
    age: body.age,
    gender: body.gender,
    relations: body.relations,
    workingStatus: body.working_status,
    personsAtHome: body.persons_at_home,
    pet: body.pet,
    hasKids: body.has_kids,
    hasAllergies: body.has_allergies,
    type: body.type,
    company: blank(body.company),
    locale: body.locale,
    leadSource: body.lead_source,
    leadLocationId: body.lead_location_id,
    category: blank(body.category),
    timeToCall: body.time_to_call,
    promotionalGift: blank(body.promotional_gift),
    recommendationsNeeded: body.recommendations_needed,
    recommendationProducts: blank(body.recommendation_products),
    hasOnboardingSms: body.has_onboarding_sms,
  };
  if (body.phone !== undefined) {
    out.phone = blank(body.phone);
    out.phoneE164 = normalisePhone(body.phone) ?? null;
  }
  if (body.mobile_phone !== undefined) {
    out.mobilePhone = blank(body.mobile_phone);
    out.mobilePhoneE164 = normalisePhone(body.mobile_phone) ?? null;
  }
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}

/** What a saved client already holds: its e-mail and phones (E.164). */
export interface HeldContact {
  id: number;
  email: string | null;
  phoneE164: string | null;
  mobilePhoneE164: string | null;
}

/**
 * The sign-in e-mail of a client who signed up (has a password) is theirs alone: recovery links go to it,
 * so staff who changed it could take the account over. The client changes it in their profile, with
 * their password (PUT /auth/edit-current); staff may send it back unchanged.
 */
export function refuseLoginEmailChange(
  values: Partial<repo.UserInsert>,
  held: { email: string | null; passwordHash: string | null },
): void {
  if (values.email === undefined || held.passwordHash === null) {
    return;
  }
  if ((values.email ?? '').toLowerCase() !== (held.email ?? '').toLowerCase()) {
    throw refused(
      'login_email_owner_only',
      'The sign-in e-mail of a client who has signed up is changed only by the client, in their profile.',
      {
        fieldValidation: { email: 'invalid_value' },
      },
    );
  }
}

/**
 * Spec 8 "duplicated email" / "duplicated phone", with the field to correct. Only a value newly entered
 * for this record is refused, when it belongs to someone else: what the record already holds (by its
 * normalised value, in either phone field) is saved again whatever another client holds, so a client
 * whose phone is shared with a known duplicate stays editable.
 */
export async function refuseTaken(tx: Tx, values: Partial<repo.UserInsert>, held: HeldContact | null): Promise<void> {
  const exceptId = held?.id ?? null;
  const newEmail = values.email && values.email.toLowerCase() !== held?.email?.toLowerCase() ? values.email : null;
  if (newEmail && (await repo.emailTaken(tx, newEmail, exceptId))) {
    throw new AppError('duplicated email', { fieldValidation: { email: 'already_taken' } });
  }
  const heldPhones = [held?.phoneE164, held?.mobilePhoneE164].filter(Boolean);
  for (const [field, phone] of [
    ['phone', values.phoneE164],
    ['mobile_phone', values.mobilePhoneE164],
  ] as const) {
    if (phone && !heldPhones.includes(phone) && (await repo.phoneTaken(tx, [phone], exceptId))) {
      throw new AppError('duplicated phone', { fieldValidation: { [field]: 'already_taken' } });
    }
  }
}

/**
 * POST /api/user: a new client. Who creates it keeps it in their scope: a sales agent becomes its
 * linked agent, a partner or an independent agent its referrer; everyone is recorded as its creator.
 */
export async function createClient(deps: Deps, actor: Actor, sent: ClientBody): Promise<ClientRecordDto> {
  const body = { ...sent, ...newClientAttribution(actor.role) };
  const values = columnsOf(body);
  const id = await deps.db.transaction(async (tx) => {
    await refuseTaken(tx, values, null);
    const created = await repo.insertClient(tx, {
      ...values,
      name: body.name,
      surname: body.surname,
      status: body.status === undefined ? INITIAL_CLIENT_STATUS : body.status,
      createdById: actor.userId,
      linkedAgentId: actor.role === 'sales_agent' ? actor.userId : null,
      referredById: actor.role === 'partner' || actor.role === 'independent_agent' ? actor.userId : null,
    });
    const status = body.status === undefined ? INITIAL_CLIENT_STATUS : body.status;
    if (status) {
      await repo.setStatusHistoryOfNew(tx, created, status, actor.userId);
    }
    return created;
  });
  await announceNewLead(deps, id);
  return changedRecord(deps.db, actor, id);
}

/** PUT /api/user/{id}: the fields sent change; a new status is written to the history. */
export async function updateClientRecord(deps: Deps, actor: Actor, id: number, body: ClientUpdateBody): Promise<ClientRecordDto> {
  const values = columnsOf(body);
  await deps.db.transaction(async (tx) => {
    const { viewer, found } = await inScope(tx, actor, id, { lock: true });
    refuseLoginEmailChange(values, found.user);
    await refuseTaken(tx, values, found.user);
    if (Object.keys(values).length > 0) {
      await repo.updateClient(tx, viewer.scope, id, values);
    }
    if (body.status !== undefined && body.status !== null) {
      await repo.setStatus(tx, id, body.status, actor.userId);
    }
  });
  await announceClientUpdated(deps, actor, id);
  // As after a create: a change may move the client out of the editor's scope (another type).
  return changedRecord(deps.db, actor, id);
}

/** DELETE /api/user/{id} and /api/clients/{id}: the client goes, kept whole in the audit log. */
export async function deleteClient(deps: Deps, actor: Actor, id: number, meta: RequestMeta): Promise<{ id: number }> {
  const rooms = await deps.db.transaction(async (tx) => {
    const {
      viewer,
      found: { user },
    } = await inScope(tx, actor, id);
    const snapshot = await snapshotOf(tx, id);
    // Read before the deletion takes the client's presentations with it.
    const rooms = await roomsOfClient(tx, user);
    await relations.deleteClient(tx, viewer.scope, id);
    await audit(tx, { action: 'client.deleted', actorId: actor.userId, targetUserId: id, ip: meta.ip, details: { client: snapshot } });
    return rooms;
  });
  deps.onClientRemoved?.(id);
  announceListing(deps, rooms, { deleted_id: id, inserted: null });
  return { id };
}

/**
 * A contact with a client (spec 4 "contact history"): counted in the client's calls; a call closes
 * the recalls that were due; the status it ended with goes to the status history. A lead that leaves
 * the listing (its first call) is announced as such.
 */
export async function addContact(deps: Deps, actor: Actor, id: number, body: ContactHistoryBody): Promise<ContactHistoryDto> {
  const { entryId, leftListing, rooms } = await deps.db.transaction(async (tx) => {
    const { found } = await inScope(tx, actor, id, { lock: true });
    if (body.type !== 'recall' && body.type !== 'sms') {
      await repo.closeDueRecalls(tx, id);
    }
    const entry = await repo.insertContact(tx, {
      userId: id,
      type: body.type,
      flow: body.flow,
      timeToCall: body.time_to_call,
      comment: body.comment,
      recallAt: body.recall_at ? new Date(body.recall_at) : null,
      status: body.status,
      agentId: actor.userId,
    });
    if (body.time_to_call) {
      await repo.updateClient(tx, { kind: 'all' }, id, { timeToCall: body.time_to_call });
    }
    await repo.refreshContactCounters(tx, id, CALL_TYPES);
    if (body.status) {
      await repo.setStatus(tx, id, body.status, actor.userId);
    }
    const wasInListing = found.user.callsCount === 0;
    return { entryId: entry, leftListing: wasInListing && CALL_TYPES.includes(body.type), rooms: await roomsOfClient(tx, found.user) };
  });
  if (leftListing) {
    announceListing(deps, rooms, { deleted_id: id, inserted: null });
  }
  await announceClientUpdated(deps, actor, id);
  return toContact((await repo.contactEntry(deps.db, entryId))!);
}

/** Edits an entry of the contact history (its comment, time to call, recall); `{id}` is the entry. */
export async function editContact(deps: Deps, actor: Actor, entryId: number, body: ContactHistoryEditBody): Promise<ContactHistoryDto> {
  const clientId = await deps.db.transaction(async (tx) => {
    const entry = await repo.contactEntry(tx, entryId);
    if (!entry) {
      throw new AppError('NOT_FOUND');
    }
    // An entry of a client outside the scope is not there either.
    await inScope(tx, actor, entry.entry.userId, { lock: true });
    if (body.recall_at === null && entry.entry.type === 'recall') {
      throw new AppError('VALIDATION_ERROR', { fieldValidation: { recall_at: 'field_is_required' } });
    }
    await repo.updateContact(tx, entryId, {
      comment: body.comment,
      timeToCall: body.time_to_call,
      recallAt: body.recall_at === undefined ? undefined : body.recall_at === null ? null : new Date(body.recall_at),
      recallDone: body.recall_done,
    });
    await repo.refreshContactCounters(tx, entry.entry.userId, CALL_TYPES);
    return entry.entry.userId;
  });
  await announceClientUpdated(deps, actor, clientId);
  return toContact((await repo.contactEntry(deps.db, entryId))!);
}

export async function setSubUser(deps: Deps, actor: Actor, id: number, body: SubUserBody) {
  const row = await deps.db.transaction(async (tx) => {
    await inScope(tx, actor, id, { lock: true });
    return repo.upsertSubUser(tx, id, {
      name: body.name,
      surname: body.surname,
      age: body.age,
      gender: body.gender,
      phone: blank(body.phone) ?? null,
      email: blank(body.email) ?? null,
    });
  });
  await announceClientUpdated(deps, actor, id);
  return { id: row.id, name: row.name, surname: row.surname, age: row.age, gender: row.gender, phone: row.phone, email: row.email };
}

export async function removeSubUser(deps: Deps, actor: Actor, id: number): Promise<{ id: number }> {
  await deps.db.transaction(async (tx) => {
    await inScope(tx, actor, id, { lock: true });
    if (!(await repo.deleteSubUser(tx, id))) {
      throw new AppError('NO_ENTITIES_WERE_UPDATED', { message: 'The client has no second person.' });
    }
  });
  await announceClientUpdated(deps, actor, id);
  return { id };
}

export async function notesOf(db: Db, actor: Actor, id: number): Promise<UserInfoDto[]> {
  await inScope(db, actor, id);
  return (await repo.userInfoOf(db, id)).map(toUserInfo);
}

export async function addNote(deps: Deps, actor: Actor, id: number, text: string): Promise<UserInfoDto[]> {
  await deps.db.transaction(async (tx) => {
    await inScope(tx, actor, id);
    await repo.insertUserInfo(tx, id, text, actor.userId);
  });
  return notesOf(deps.db, actor, id);
}

/** A note by its own id, if its client is in the caller's scope. */
async function noteInScope(tx: Tx, actor: Actor, noteId: number) {
  const note = await repo.userInfoEntry(tx, noteId);
  if (!note) {
    throw new AppError('NOT_FOUND');
  }
  await inScope(tx, actor, note.userId);
  return note;
}

export async function changeNote(deps: Deps, actor: Actor, noteId: number, text: string): Promise<UserInfoDto[]> {
  const note = await deps.db.transaction(async (tx) => {
    const found = await noteInScope(tx, actor, noteId);
    await repo.updateUserInfo(tx, noteId, text);
    return found;
  });
  return notesOf(deps.db, actor, note.userId);
}

/** Deletes a note; `clientId` (when given) must be the note's client. */
export async function removeNote(deps: Deps, actor: Actor, noteId: number, clientId?: number): Promise<UserInfoDto[]> {
  const note = await deps.db.transaction(async (tx) => {
    const found = await noteInScope(tx, actor, noteId);
    if (clientId !== undefined && found.userId !== clientId) {
      throw new AppError('NOT_FOUND');
    }
    await repo.deleteUserInfo(tx, noteId);
    return found;
  });
  return notesOf(deps.db, actor, note.userId);
}

/** GET /api/user-check-email/{email}: whether the address is still free. */
export async function emailAvailable(db: Db, email: string): Promise<boolean> {
  return !(await repo.emailTaken(db, email, null));
}

/** A new client from a booking; the creator keeps it in their scope as POST /api/user does. */
export async function insertClientIn(tx: Tx, actor: Actor, sent: ClientBody): Promise<number> {
  const body = { ...sent, ...newClientAttribution(actor.role) };
  const values = columnsOf(body);
  await refuseTaken(tx, values, null);
  const id = await repo.insertClient(tx, {
    ...values,
    name: body.name,
    surname: body.surname,
    status: INITIAL_CLIENT_STATUS,
    createdById: actor.userId,
    linkedAgentId: actor.role === 'sales_agent' ? actor.userId : null,
    referredById: actor.role === 'partner' || actor.role === 'independent_agent' ? actor.userId : null,
  });
  await repo.setStatusHistoryOfNew(tx, id, INITIAL_CLIENT_STATUS, actor.userId);
  return id;
}

/** Changes the fields sent, for a client in the actor's scope (UNKNOWN_USER_ID otherwise). */
export async function updateClientIn(tx: Tx, actor: Actor, id: number, body: ClientUpdateBody): Promise<void> {
  const { found } = await inScope(tx, actor, id, { lock: true });
  await writeClientFields(tx, found.user, body);
}

/**
 * Changes the fields sent, for the client of an event the actor performs: performing it is the
 * permission (the event's own scope was checked), whatever the actor's access to the clients list.
 */
export async function updateClientOfEventIn(tx: Tx, id: number, body: ClientUpdateBody): Promise<void> {
  const found = await relations.findClient(tx, { kind: 'all' }, id, { lock: true });
  if (!found) {
    throw new AppError('UNKNOWN_USER_ID');
  }
  await writeClientFields(tx, found.user, body);
}

/** What the record holds already is never refused as taken (see refuseTaken); a signed-up client's sign-in e-mail stays theirs. */
async function writeClientFields(tx: Tx, held: HeldContact & { passwordHash: string | null }, body: ClientUpdateBody): Promise<void> {
  const values = columnsOf(body);
  refuseLoginEmailChange(values, held);
  await refuseTaken(tx, values, held);
  if (Object.keys(values).length > 0) {
    await repo.updateClient(tx, { kind: 'all' }, held.id, values);
  }
}

export async function setSubUserIn(tx: Tx, id: number, body: SubUserBody): Promise<void> {
  await repo.upsertSubUser(tx, id, {
    name: body.name,
    surname: body.surname ?? '',
    age: body.age ?? null,
    gender: body.gender ?? null,
    phone: body.phone || null,
    email: body.email || null,
  });
}

export async function setClientStatusIn(tx: Tx, id: number, status: ClientStatus, changedById: number): Promise<void> {
  await repo.setStatus(tx, id, status, changedById);
}

/**
 * After a sale the agent who sold becomes the client's responsible sales agent (the "linked agent" of
 * the clients list), unless the client has one already: a sale never takes a client from a colleague.
 */
export async function setResponsibleAgentIn(tx: Tx, id: number, agentId: number): Promise<void> {
  await repo.setLinkedAgentIfNone(tx, id, agentId);
}

/** A recall in the client's contact history: the call agents' recall queue picks it up. */
export async function addRecallIn(tx: Tx, actor: Actor, id: number, at: Date, comment: string): Promise<void> {
  await repo.insertContact(tx, { userId: id, type: 'recall', flow: 'buyer_flow', comment, recallAt: at, agentId: actor.userId });
  await repo.refreshContactCounters(tx, id, CALL_TYPES);
}

/** The client's sub-user (spec 3 "sub_user") as the event pages show it. */
export async function subUserOfClient(tx: Tx, id: number) {
  const row = await repo.subUserOf(tx, id);
  return row && { id: row.id, name: row.name, surname: row.surname, age: row.age, gender: row.gender, phone: row.phone, email: row.email };
}
