import type { ClientFlags, ClientRowDto, ClientSummaryDto, LiveClientRowDto } from '@bo/domain';
import type { ClientListRow } from './list.repo.ts';

type SummarySource = Pick<ClientListRow, 'user' | 'location' | 'agent'>;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export function toClientSummary({ user, location, agent }: SummarySource): ClientSummaryDto {
  return {
    id: user.id,
    name: user.name,
    surname: user.surname,
    email: user.email,
    phone: user.phone,
    mobile_phone: user.mobilePhone,
    zipcode: user.zipcode,
    city: user.city,
    address: user.address,
    type: user.type === 'B2B' ? 'B2B' : 'B2C',
    company: user.company,
    age: user.age,
    status: user.status,
    lead_source: user.leadSource,
    lead_location: location ? { id: location.id, code: location.code, display_name: location.displayName } : null,
    linked_agent: agent ? { id: agent.id, name: agent.name, surname: agent.surname } : null,
    number_of_calls: user.callsCount,
    last_contact_at: iso(user.lastContactAt),
    next_recall_at: iso(user.nextRecallAt),
    email_reminder_stage: user.emailReminderStage,
    is_active: user.isActive,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}

/** The row as the live events carry it to every viewer of a scope (no viewer's flags). */
export function toLiveClientRow(row: ClientListRow): LiveClientRowDto {
  const last = row.lastContact;
  return {
    id: row.user.id,
    updated_at: row.user.updatedAt.toISOString(),
    recommendations: row.recommendations,
    duplicates: row.duplicates,
    cohabitants: row.cohabitants,
    blockNeighbors: row.blockNeighbors,
    // json_build_object gives the time as PostgreSQL writes it; the wire carries ISO 8601.
    contact_history: last ? { type: last.type, comment: last.comment, created_at: new Date(last.created_at).toISOString() } : null,
    user: toClientSummary(row),
  };
}

/** The row of a list answered to one viewer, with what they may do with it. */
export function toClientRow(row: ClientListRow, flags: ClientFlags): ClientRowDto {
  return { ...toLiveClientRow(row), ...flags };
}
