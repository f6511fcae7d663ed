import { announcesAsAgent, SOCKET } from '@bo/domain';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { Server as HttpServer } from 'node:http';
import pg from 'pg';
import { Server, type Socket } from 'socket.io';

type AppSocket = Socket<Record<string, (...args: never[]) => void>, Record<string, never>, Record<string, never>, { actor: Actor }>;
import { SESSION_COOKIE } from '../http/session.ts';
import { resolveSession, type Actor, type AuthDeps } from '../modules/auth/service.ts';

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
  /** Ends the live connections of a user whose sessions were ended (blocked, password reset). */
  disconnectUser(userId: number): void;
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
  const io = new Server<Record<string, (...args: never[]) => void>, Record<string, never>, Record<string, never>, { actor: Actor }>(
    server,
    { path: SOCKET.path, serveClient: false, connectTimeout: SOCKET.timeout },
  );
  let adapterPool: pg.Pool | undefined;
  if (opts.databaseUrl) {
    adapterPool = new pg.Pool({ connectionString: opts.databaseUrl, max: 2 });
    adapterPool.on('error', opts.onError);
    adapterPool.on('connect', (client) => client.on('error', opts.onError));
    io.adapter(createAdapter(adapterPool, { errorHandler: opts.onError }));
  }

  io.use((socket, next) => {
    const token = cookieValue(socket.request.headers.cookie, SESSION_COOKIE);
    if (!token) {
      next(new Error('unauthorized'));
      return;
    }
    resolveSession(opts.auth, token).then(
      (actor) => {
        if (!actor) {
          next(new Error('unauthorized'));
          return;
        }
        socket.data.actor = actor;
        next();
      },
      (err: unknown) => next(err instanceof Error ? err : new Error(String(err))),
    );
  });

  io.on('connection', (socket: AppSocket) => {
    const actor = socket.data.actor;
    void socket.join(`user:${actor.userId}`);
    opts.roomsFor?.(actor).then(
      (rooms) => socket.join(rooms),
      (err: unknown) => opts.onError(err instanceof Error ? err : new Error(String(err))),
    );
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
      io.in(`user:${userId}`).disconnectSockets(true);
    },
    close: async () => {
      await io.close();
      if (adapterPool) {
        // The adapter's LISTEN client may still be connecting; never hang the shutdown on it.
        await Promise.race([adapterPool.end(), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
      }
    },
  };
}
