import { describe, expect, it } from 'vitest';
import { scopeOfRoom, scopeRoom, type ClientScope } from './clients.ts';

describe('scopeOfRoom', () => {
  it.each<ClientScope>([
    { kind: 'all' },
    { kind: 'type', type: 'B2C' },
    { kind: 'type', type: 'B2B' },
    { kind: 'linked', agentId: 7 },
    { kind: 'created', userId: 8 },
    { kind: 'referred', userId: 9 },
  ])('reads back the room of %j', (scope) => {
    expect(scopeOfRoom(scopeRoom(scope)!)).toEqual(scope);
  });

  it.each(['clients', 'clients:all:1', 'clients:type:B2G', 'clients:linked:x', 'clients:linked:0', 'users:all', 'clients:other:1'])(
    'has no scope for %j',
    (room) => {
      expect(scopeOfRoom(room)).toBeNull();
    },
  );
});
