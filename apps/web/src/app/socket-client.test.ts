import { SOCKET } from '@bo/domain';
import { afterEach, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { ackError, AckTimeoutError, createSocket, emitWithAckTimeout, socketOptions } from './socket-client.ts';

describe('socketOptions (spec 7 and 9)', () => {
  it.each([
    ['path', 'path', '/ws/socket.io'],
    ['polling first, then websocket', 'transports', ['polling', 'websocket']],
    ['reconnects', 'reconnection', true],
    ['unlimited attempts', 'reconnectionAttempts', Infinity],
    ['reconnect delay 1 s', 'reconnectionDelay', 1000],
    ['reconnect delay at most 5 s', 'reconnectionDelayMax', 5000],
    ['jitter 0.5', 'randomizationFactor', 0.5],
    ['connection timeout 20 s', 'timeout', 20_000],
    ['connects only when told (the signed-in layout)', 'autoConnect', false],
    ['sends the session cookie', 'withCredentials', true],
  ] as const)('%s', (_name, key, expected) => {
    expect(socketOptions()[key]).toEqual(expected);
  });

  it('a socket made with them does not connect by itself', () => {
    const socket = createSocket('http://127.0.0.1:9');
    expect(socket.active).toBe(false);
    expect(socket.io.reconnectionAttempts()).toBe(Infinity);
    expect(socket.io.reconnectionDelay()).toBe(1000);
    expect(socket.io.reconnectionDelayMax()).toBe(5000);
    expect(socket.io.randomizationFactor()).toBe(0.5);
    expect(socket.io.timeout()).toBe(20_000);
  });
});

describe('ackError', () => {
  it.each([
    ["socket.io-client's own timeout", new Error('operation has timed out'), true],
    ['a timeout worded otherwise by another version', new Error('Operation timed out'), true],
    ['the socket going away before the answer', new Error('socket has been disconnected'), false],
    ['anything else', new Error('boom'), false],
  ])('%s', (_name, err, isTimeout) => {
    const mapped = ackError(err);
    expect(mapped instanceof AckTimeoutError).toBe(isTimeout);
    expect(mapped.message).toBe(isTimeout ? 'operation has timed out' : err.message);
  });

  it('a thrown non-error becomes an error with its text', () => {
    expect(ackError('nope').message).toBe('nope');
  });
});

describe('emitWithAckTimeout', () => {
  let socket: Socket | undefined;
  afterEach(() => {
    socket?.close();
  });

  it("an answer that does not come in time rejects with the spec's message", async () => {
    // Never connected: the emit waits in the send buffer and no answer can come.
    socket = createSocket('http://127.0.0.1:9');
    const started = Date.now();
    const failure = await emitWithAckTimeout(socket, 'connected_agent', {}, 50).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(AckTimeoutError);
    expect((failure as Error).message).toBe(SOCKET.ackTimeoutMessage);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });
});
