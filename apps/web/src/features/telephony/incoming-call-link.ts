import { roleByCode, SCREENS, screenPath, type RoleCode } from '@bo/domain';

const INCOMING_CALL_CLIENTS = SCREENS.find((s) => s.id === 'incomingCallClients');

/** The role's incoming-call link (spec 2): `{abbr}-clients?number=…`, which lists the clients with that number. */
export function incomingCallLink(role: RoleCode, number: string): string {
  const path = INCOMING_CALL_CLIENTS ? screenPath(role, INCOMING_CALL_CLIENTS) : `/${roleByCode(role).prefix}-dashboard/clients`;
  return `${path}?number=${encodeURIComponent(number)}`;
}
