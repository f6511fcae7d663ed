import { announcesAsAgent, scopeRoomsOf, SOCKET } from '@bo/domain';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { Server as HttpServer } from 'node:http';
import pg from 'pg';
import { Server, type Socket } from 'socket.io';
import { checkOrigin } from '../http/origin.ts';
import { SESSION_COOKIE } from '../http/session.ts';
import type { Actor } from '../core/actor.ts';
import { liveSessionOf, type AuthDeps } from '../modules/auth/index.ts';

/** What a connection was admitted with: its session's actor, when that session ends, the scope rooms it joined. */
interface SocketData {
  actor: Actor;
  expiresAt: number;
  scopeRooms: string[];
}
type Events = Record<string, (...args: never[]) => void>;
type AppSocket = Socket<Events, Record<string, never>, Record<string, never>, SocketData>;

/**
 * The rooms that tie a connection to its session: the user's own (personal events; everything of a
 * user whose sessions all end), the session's (sign-out ends only it), and, while an admin acts as
 * someone else (login-by), the admin's (blocking the admin ends those too).
 */
function sessionRooms(actor: Actor): string[] {
  const rooms = [`user:${actor.userId}`, `session:${actor.sessionId}`];
  if (actor.impersonatorId !== null) {
    rooms.push(`acting:${actor.impersonatorId}`);
  }
  return rooms;
}

// setTimeout holds at most 2^31 - 1 ms (about 24 days); a longer session is checked again then.
const MAX_TIMER_MS = 2 ** 31 - 1;

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      return decodeURIComponent(rest.join('='));
    }
  }
  return undefined;
}

export interface Realtime {
  io: Server;
  /**
   * Ends the live connections of a user whose sessions were all ended (blocked, password reset),
   * those in which they act as someone else included, in every API process.
   */
  disconnectUser(userId: number): void;
  /** Ends the live connections of one session (sign-out, switching user, a password change elsewhere). */
  disconnectSession(sessionId: string): void;
  /**
   * Moves the user's live connections, in every API process, from the scope rooms they are in to
   * `rooms` (the user's scope now, as `roomsFor` answers it): after a change of their access to clients.
   */
  rescopeUser(userId: number, rooms: string[]): void;
  close(): Promise<void>;
}

/**
 * socket.io on `/ws/socket.io`, authenticated by the session cookie. Events fan out between API
 * processes through PostgreSQL NOTIFY (`@socket.io/postgres-adapter`), so any process may emit.
 */
export function startRealtime(
  server: HttpServer,
  opts: {
    databaseUrl: string | undefined;
    auth: AuthDeps;
    onError: (err: Error) => void;
    /** Further rooms a signed-in user joins (the clients' live events of their scope). */
    roomsFor?: (actor: Actor) => Promise<string[]>;
  },
): Realtime {
  const io = new Server<Events, Record<string, never>, Record<string, never>, SocketData>(server, {
    path: SOCKET.path,
    serveClient: false,
    connectTimeout: SOCKET.timeout,
  });
  const fail = (err: unknown) => opts.onError(err instanceof Error ? err : new Error(String(err)));

  /**
   * The session of a handshake's cookie as the database holds it now (a session ended in another
   * process a moment ago is not taken from this one's cache) and the scope rooms it may join.
   */
  async function admit(cookieHeader: string | undefined): Promise<SocketData | null> {
    const token = cookieValue(cookieHeader, SESSION_COOKIE);
    const session = token ? await liveSessionOf(opts.auth, token) : null;
    if (!session) {
      return null;
    }
    const scopeRooms = (await opts.roomsFor?.(session.actor)) ?? [];
    return { actor: session.actor, expiresAt: session.expiresAt.getTime(), scopeRooms };
  }

  /** This process's connection leaves the scope rooms not in `rooms` and joins those. */
  function moveLocal(socket: AppSocket, rooms: string[]): void {
    for (const room of scopeRoomsOf(socket.data.actor.userId)) {
      if (!rooms.includes(room) && socket.rooms.has(room)) {
        void socket.leave(room);
      }
    }
    void socket.join(rooms);
    socket.data.scopeRooms = rooms;
  }

  let adapterPool: pg.Pool | undefined;
  /** The adapter's open connections: its LISTEN connection is not always given back to the pool on close. */
  const adapterClients = new Set<pg.PoolClient>();
  if (opts.databaseUrl) {
    adapterPool = new pg.Pool({ connectionString: opts.databaseUrl, max: 2 });
    adapterPool.on('error', opts.onError);
    adapterPool.on('connect', (client) => {
      adapterClients.add(client);
      client.on('error', opts.onError);
      client.once('end', () => adapterClients.delete(client));
    });
    io.adapter(createAdapter(adapterPool, { errorHandler: opts.onError }));
  }

  // A page of another origin (another port of the same host too) opens no socket in the user's name.
  io.use((socket, next) => {
    const { headers } = socket.request;
    const verdict = checkOrigin(
      { method: 'GET', headers, sessionCookie: true },
      { publicUrl: opts.auth.config.publicUrl, handshake: true },
    );
    next(verdict.ok ? undefined : new Error('Not allowed.'));
  });

  io.use((socket, next) => {
    admit(socket.request.headers.cookie).then(
      (data) => {
        if (!data) {
          next(new Error('unauthorized'));
          return;
        }
        Object.assign(socket.data, data);
        next();
      },
      (err: unknown) => next(err instanceof Error ? err : new Error(String(err))),
    );
  });

  io.on('connection', (socket: AppSocket) => {
    const actor = socket.data.actor;
    // Joined before the client hears "connect": from then on it hears what its scope holds.
    void socket.join([...sessionRooms(actor), ...socket.data.scopeRooms]);
    const expiry = setTimeout(() => socket.disconnect(true), Math.min(MAX_TIMER_MS, Math.max(0, socket.data.expiresAt - Date.now())));
    expiry.unref();
    socket.on('disconnect', () => clearTimeout(expiry));
    // A sign-out, block or access change that landed between the handshake's reading and the joins
    // above found no connection to act on: read both once more now that the connection is reachable.
    admit(socket.request.headers.cookie).then((now) => {
      if (!now || now.actor.sessionId !== actor.sessionId) {
        socket.disconnect(true);
      } else if (socket.connected) {
        moveLocal(socket, now.scopeRooms);
      }
    }, fail);
    socket.on('connected_agent', (_payload: unknown, ack?: (answer: unknown) => void) => {
      if (!announcesAsAgent(actor.role)) {
        ack?.({ error: 'Not allowed.' });
        return;
      }
      void socket.join('agents');
      void socket.join(`role:${actor.role}`);
      ack?.({ ok: true, userId: actor.userId, role: actor.role });
    });
  });

  return {
    io,
    disconnectUser: (userId) => {
      io.in([`user:${userId}`, `acting:${userId}`]).disconnectSockets(true);
    },
    disconnectSession: (sessionId) => {
      io.in(`session:${sessionId}`).disconnectSockets(true);
    },
    rescopeUser: (userId, rooms) => {
      // Both go through the adapter in this order, so another process applies them in this order too.
      io.in(`user:${userId}`).socketsLeave(scopeRoomsOf(userId).filter((room) => !rooms.includes(room)));
      if (rooms.length > 0) {
        io.in(`user:${userId}`).socketsJoin(rooms);
      }
    },
    close: async () => {
      await io.close();
      if (adapterPool) {
        // The adapter's LISTEN client may still be connecting, or held: never hang the shutdown on it, and
        // end what is left, so that no connection is open when the database stops after the app.
        await Promise.race([adapterPool.end(), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
        await Promise.all([...adapterClients].map((client) => client.end().catch(() => undefined)));
      }
    },
  };
}
