import type { LicenceDto, LicenceState } from '@bo/domain';
import type { LicenceRow } from './repo.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A licence row as it leaves the server: never the provider's customer, subscription or session ids. */
export function toLicenceDto(
  row: LicenceRow,
  agent: { id: number; name: string; surname: string },
  state: LicenceState,
  flags: { can_checkout: boolean; can_activate: boolean },
): LicenceDto {
  return {
    id: row.id,
    agent: { id: agent.id, name: agent.name, surname: agent.surname },
    flow: row.flow,
    status: state.status,
    provider_status: row.providerStatus,
    restricted: state.restricted,
    grace_ends_at: iso(state.graceEndsAt),
    paid_until: iso(row.paidUntil),
    activation: row.activation,
    valid_until: iso(row.validUntil),
    activated_at: iso(row.activatedAt),
    created_at: row.createdAt.toISOString(),
    ...flags,
  };
}
