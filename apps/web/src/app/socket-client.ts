import { SOCKET } from '@bo/domain';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

/**
 * The options of the tab's one socket (spec 7 and 9): `/ws/socket.io`, polling first then websocket,
 * reconnect after 1 s to 5 s with jitter 0.5 and no limit on the attempts, 20 s to connect. It does not
 * connect by itself: the signed-in layout connects it (app/socket.ts).
 */
export function socketOptions(): Partial<ManagerOptions & SocketOptions> {
  return {
    path: SOCKET.path,
    transports: ['polling', 'websocket'],
    autoConnect: false,
    reconnection: true,
    reconnectionAttempts: Infinity,
    reconnectionDelay: SOCKET.reconnectionDelay,
    reconnectionDelayMax: SOCKET.reconnectionDelayMax,
    randomizationFactor: SOCKET.randomizationFactor,
    timeout: SOCKET.timeout,
    withCredentials: true,
  };
}

/** A socket with the app's options, to this page's origin unless `url` says otherwise. */
export function createSocket(url?: string): Socket {
  return url === undefined ? io(socketOptions()) : io(url, socketOptions());
}

/** An acknowledgement that did not come in time; its message is the spec's (section 8). */
export class AckTimeoutError extends Error {
  constructor() {
    super(SOCKET.ackTimeoutMessage);
    this.name = 'AckTimeoutError';
  }
}

/**
 * The error an emit with acknowledgement failed with, as the app shows it: a timeout (socket.io-client
 * rejects with its own Error, whatever its wording) becomes the spec's `operation has timed out`; the
 * rest (the socket went away before the answer came) stays as it is.
 */
export function ackError(err: unknown): Error {
  if (err instanceof Error && /timed out/i.test(err.message)) {
    return new AckTimeoutError();
  }
  return err instanceof Error ? err : new Error(String(err));
}

/** Emits `event` and waits at most `timeoutMs` for the server's answer; a timeout rejects with AckTimeoutError. */
export async function emitWithAckTimeout(
  socket: Socket,
  event: string,
  payload: unknown,
  timeoutMs: number = SOCKET.ackTimeout,
): Promise<unknown> {
  try {
    const answer: unknown = await socket.timeout(timeoutMs).emitWithAck(event, payload);
    return answer;
  } catch (err) {
    throw ackError(err);
  }
}
