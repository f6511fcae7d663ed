import { roleByCode, type ClientScope } from '@bo/domain';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';

const CLIENT_ROLE_ID = roleByCode('user').id;

/**
 * The one condition that says which clients a viewer may see (docs/permissions.md "Clients"). Every
 * list, read and write of this module goes through it; a client outside it is "not found".
 */
export function clientScopeCondition(scope: ClientScope): SQL {
  const isClient = eq(users.roleId, CLIENT_ROLE_ID);
  switch (scope.kind) {
    case 'all':
      return isClient;
    case 'type':
      return and(isClient, eq(users.type, scope.type))!;
    case 'linked':
      // Their linked clients and the clients of their presentations and services.
      return and(
        isClient,
        or(
          eq(users.linkedAgentId, scope.agentId),
          sql`EXISTS (SELECT 1 FROM events e WHERE e.client_id = ${users.id} AND e.agent_id = ${scope.agentId})`,
        ),
      )!;
    case 'created':
      return and(isClient, eq(users.createdById, scope.userId))!;
    case 'referred':
      return and(isClient, eq(users.referredById, scope.userId))!;
    case 'self':
      return and(isClient, eq(users.id, scope.userId))!;
    case 'none':
      return sql`false`;
  }
}
