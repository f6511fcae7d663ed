import type { AddressInfo } from 'node:net';
import { SOCKET } from '@bo/domain';
import type { Server } from 'socket.io';
import { io as connectClient, type Socket } from 'socket.io-client';
import type { TestApp } from './harness.ts';

/** Every socket opened here and not yet closed by `closeSockets()`. */
const open: Socket[] = [];

/** Closes every socket opened here; for `afterEach` / `afterAll`. */
export function closeSockets(): void {
  for (const socket of open.splice(0)) {
    socket.close();
  }
}

/** Lets the app listen on a free port of 127.0.0.1 and answers that port. */
export async function listen(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

/**
 * A socket.io client as the browser opens it, the headers (e.g. the session cookie) on every request;
 * polling first unless `transports` says otherwise. Answered before it connects, so that listeners
 * can be put on it first; `connected` waits for the connection. Closed by `closeSockets()`.
 */
export function openSocket(port: number, headers: Record<string, string>, transports?: ('polling' | 'websocket')[]): Socket {
  const socket = connectClient(`http://127.0.0.1:${port}`, {
    path: SOCKET.path,
    extraHeaders: headers,
    ...(transports ? { transports } : {}),
    reconnection: false,
    forceNew: true,
    timeout: 5000,
  });
  open.push(socket);
  return socket;
}

/** Resolves with the socket once it is connected; rejects with the error of a refused connection. */
export function connected(socket: Socket): Promise<Socket> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
  });
}

/** `openSocket`, then `connected`. */
export function connectSocket(port: number, headers: Record<string, string>, transports?: ('polling' | 'websocket')[]): Promise<Socket> {
  return connected(openSocket(port, headers, transports));
}

/** The socket.io server of an app built with realtime. */
export function serverOf(t: TestApp): Server {
  if (!t.realtime) {
    throw new Error('the app was built without realtime');
  }
  return t.realtime.io;
}

/** The payload of the next `event` on the socket; rejects when none comes within `timeoutMs`. */
export function nextEvent<T>(socket: Socket, event: string, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

let markers = 0;

/**
 * Sends a marker to the user's own room (every connection of theirs is in it) and waits for it on this
 * socket: the connection is live, and whatever the server sent it before has arrived by then. How a
 * test shows that an event did not come: it would have come before the marker.
 */
export async function untilMarker(t: TestApp, socket: Socket, userId: number, timeoutMs = 5000): Promise<void> {
  markers += 1;
  const n = markers;
  const arrived = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off('marker', onMarker);
      reject(new Error(`marker ${n} did not arrive within ${timeoutMs} ms`));
    }, timeoutMs);
    function onMarker(payload: { n: number }) {
      if (payload.n === n) {
        clearTimeout(timer);
        socket.off('marker', onMarker);
        resolve();
      }
    }
    socket.on('marker', onMarker);
  });
  serverOf(t).to(`user:${userId}`).emit('marker', { n });
  await arrived;
}

/**
 * For two API processes linked by the Postgres adapter, whose LISTEN connections come up in the
 * background: `emit` sends one numbered event from the other process until this socket hears `event`.
 * Each round waits for the event itself (answered as soon as it comes), a little longer each time,
 * up to `timeoutMs` in all; answers the payload heard.
 */
export async function untilRelayed<T>(socket: Socket, event: string, emit: (n: number) => void, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let heard: { payload: T } | undefined;
  let wake: () => void = () => undefined;
  const onEvent = (payload: T) => {
    heard ??= { payload };
    wake();
  };
  socket.on(event, onEvent);
  try {
    for (let n = 1, wait = 50; !heard && Date.now() < deadline; n += 1, wait = Math.min(wait * 2, 1000)) {
      const round = new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, Math.min(wait, Math.max(0, deadline - Date.now()))).unref();
      });
      emit(n);
      await round;
    }
  } finally {
    socket.off(event, onEvent);
  }
  if (!heard) {
    throw new Error(`no ${event} within ${timeoutMs} ms`);
  }
  return heard.payload;
}
