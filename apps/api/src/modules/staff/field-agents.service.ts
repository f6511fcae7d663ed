import { roleByCode } from '@bo/domain';
import type { Tx } from '../../db/client.ts';
import { activeUsersOfRoles } from './field-agents.repo.ts';

export interface FieldAgent {
  id: number;
  name: string;
  surname: string;
}

/**
 * The agents a visit can go to: active sales agents and independent agents (the calendar's rule), all
 * or only those ids. Their home is their own address (addresses' `locateUsers`).
 */
export async function fieldAgents(tx: Tx, ids: readonly number[] | null = null): Promise<FieldAgent[]> {
  if (ids !== null && ids.length === 0) {
    return [];
  }
  const rows = await activeUsersOfRoles(tx, [roleByCode('sales_agent').id, roleByCode('independent_agent').id], ids);
  return rows.map((r) => ({ id: r.id, name: r.name, surname: r.surname }));
}
