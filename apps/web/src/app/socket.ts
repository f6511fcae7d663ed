import { announcesAsAgent, type CurrentUserDto } from '@bo/domain';
import { useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { snackbar } from './snackbar.tsx';
import { AckTimeoutError, createSocket, emitWithAckTimeout } from './socket-client.ts';

export type LiveStatus = 'connected' | 'connecting' | 'offline';

let shared: Socket | undefined;

/**
 * The tab's one socket (spec 9). Every live feature listens on it (`useSocketEvent`); it is created on
 * first use and connected only while a signed-in layout is shown (`useLiveConnection`). The server puts
 * each connection into its rooms (the user's, the session's, the clients of the user's scope) when it
 * connects, so a reconnect is in them again and the listeners, kept on this object, hear them again.
 */
export function tabSocket(): Socket {
  shared ??= createSocket();
  return shared;
}

/** Connects the tab's socket while a user is signed in; staff announce themselves with `connected_agent` (spec 6). */
export function useLiveConnection(user: CurrentUserDto | null | undefined): LiveStatus {
  const userId = user?.id;
  const role = user?.role.code;
  const [status, setStatus] = useState<LiveStatus>('offline');
  useEffect(() => {
    if (userId === undefined || role === undefined) {
      return undefined;
    }
    const socket = tabSocket();
    const onConnect = () => {
      setStatus('connected');
      if (announcesAsAgent(role)) {
        emitWithAckTimeout(socket, 'connected_agent', { id: userId, role }).catch((err: unknown) => {
          // Spec 8: a missing acknowledgement shows 'operation has timed out'. A socket that went away
          // meanwhile shows nothing here: the top bar says so, and the next connect announces again.
          if (err instanceof AckTimeoutError) {
            snackbar.show(err.message);
          }
        });
      }
    };
    const onDisconnect = () => setStatus('connecting');
    const onConnectError = () => setStatus('offline');
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onConnectError);
    setStatus('connecting');
    socket.connect();
    return () => {
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onConnectError);
      // Signed out or another user: the next connection's handshake carries the session cookie of then.
      socket.disconnect();
    };
  }, [userId, role]);
  return status;
}

/**
 * Calls `handler` for each `event` the tab's socket receives while the calling component is shown (the
 * latest handler: it may change on every render without listening again).
 */
export function useSocketEvent<T>(event: string, handler: (payload: T) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const socket = tabSocket();
    const listener = (payload: T) => latest.current(payload);
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
  }, [event]);
}
