import { roleByCode, type ClientScope } from '@bo/domain';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema/index.ts';

const CLIENT_ROLE_ID = roleByCode('user').id;

/** The users table or an alias of it (`alias(users, 'dup')`): the columns the clients' conditions are written on. */
export type ClientColumns = Record<
  | 'id'
  | 'roleId'
  | 'type'
  | 'linkedAgentId'
  | 'createdById'
  | 'referredById'
  | 'name'
  | 'surname'
  | 'email'
  | 'phoneE164'
  | 'mobilePhoneE164'
  | 'zipcode'
  | 'address',
  AnyPgColumn
>;

/**
 * The one condition that says which clients a viewer may see (docs/permissions.md "Clients"). Every
 * list, read and write of this module goes through it; a client outside it is "not found". `t` is the
 * users table or an alias of it (the other client of a duplicate or a link).
 */
export function clientScopeCondition(scope: ClientScope, t: ClientColumns = users): SQL {
  const isClient = eq(t.roleId, CLIENT_ROLE_ID);
  switch (scope.kind) {
    case 'all':
      return isClient;
    case 'type':
      return and(isClient, eq(t.type, scope.type))!;
    case 'linked':
      // Their linked clients and the clients of their presentations and services.
      return and(
        isClient,
        or(
          eq(t.linkedAgentId, scope.agentId),
          sql`EXISTS (SELECT 1 FROM events e WHERE e.client_id = ${t.id} AND e.agent_id = ${scope.agentId})`,
        ),
      )!;
    case 'created':
      return and(isClient, eq(t.createdById, scope.userId))!;
    case 'referred':
      return and(isClient, eq(t.referredById, scope.userId))!;
    case 'self':
      return and(isClient, eq(t.id, scope.userId))!;
    case 'none':
      return sql`false`;
  }
}
