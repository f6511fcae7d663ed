import { announcesAsAgent, SOCKET, type CurrentUserDto } from '@bo/domain';
import { useEffect, useState } from 'react';
import { io, type Socket } from 'socket.io-client';

export type LiveStatus = 'connected' | 'connecting' | 'offline';

/** One socket per signed-in tab; staff announce themselves with `connected_agent` (spec 6). */
export function useLiveConnection(user: CurrentUserDto | null | undefined): LiveStatus {
  const userId = user?.id;
  const role = user?.role.code;
  const [status, setStatus] = useState<LiveStatus>('offline');
  useEffect(() => {
    if (userId === undefined || role === undefined) {
      return undefined;
    }
    const socket: Socket = io({
      path: SOCKET.path,
      transports: ['polling', 'websocket'],
      reconnection: true,
      reconnectionAttempts: Infinity,
      reconnectionDelay: SOCKET.reconnectionDelay,
      reconnectionDelayMax: SOCKET.reconnectionDelayMax,
      randomizationFactor: SOCKET.randomizationFactor,
      timeout: SOCKET.timeout,
      withCredentials: true,
    });
    setStatus('connecting');
    socket.on('connect', () => {
      setStatus('connected');
      if (announcesAsAgent(role)) {
        socket.emit('connected_agent', { id: userId, role });
      }
    });
    socket.on('disconnect', () => setStatus('connecting'));
    socket.on('connect_error', () => setStatus('offline'));
    return () => {
      socket.close();
    };
  }, [userId, role]);
  return status;
}
