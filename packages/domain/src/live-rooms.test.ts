import { describe, expect, it } from 'vitest';
import { clientRooms, clientScopeOf, scopeRoom, scopeRoomsOf } from './clients.ts';
import { ROLE_CODES } from './roles.ts';
import { CLIENT_ACCESS } from './enums.ts';

describe('live rooms of the clients scope', () => {
  it('every scope a viewer can have (any role, any access setting) is one of the rooms a change of scope leaves', () => {
    for (const role of ROLE_CODES) {
      for (const access of [null, ...CLIENT_ACCESS]) {
        const room = scopeRoom(clientScopeOf({ id: 7, role, access }));
        if (room !== null) {
          expect(scopeRoomsOf(7), `${role} with access ${access}`).toContain(room);
        }
      }
    }
  });

  it('a client (role user) joins no room and no client event is sent to a room of its own', () => {
    expect(scopeRoom(clientScopeOf({ id: 7, role: 'user', access: null }))).toBeNull();
    const rooms = clientRooms({ id: 7, type: 'B2C', linkedAgentId: 3, createdById: 4, referredById: 5 });
    expect(rooms).toEqual(['clients:all', 'clients:type:B2C', 'clients:linked:3', 'clients:created:4', 'clients:referred:5']);
    expect(rooms.some((r) => r.includes(':7'))).toBe(false);
  });

  it("a change to a client goes to the agents of its presentations and services as well as to its linked agent's room, once each", () => {
    const rooms = clientRooms({ id: 7, type: 'B2B', linkedAgentId: 3, createdById: null, referredById: null }, [3, 9, 9]);
    expect(rooms).toEqual(['clients:all', 'clients:type:B2B', 'clients:linked:3', 'clients:linked:9']);
  });

  it('access none and the OCR manager join no room', () => {
    expect(scopeRoom(clientScopeOf({ id: 7, role: 'call_agent', access: 'none' }))).toBeNull();
    expect(scopeRoom(clientScopeOf({ id: 7, role: 'ocr_manager', access: null }))).toBeNull();
  });
});
