import { SOCKET, type ClientRowDto, type ClientUpdatedEvent, type ListingUpdatedEvent } from '@bo/domain';
import { useEffect, useRef } from 'react';
import { io } from 'socket.io-client';

export interface LiveHandlers {
  onClientUpdated: (event: ClientUpdatedEvent) => void;
  onListingUpdated: (event: ListingUpdatedEvent) => void;
}

/**
 * Spec 4 live events of the clients list, while the list is open. The app's own socket (app/socket.ts)
 * does not hand out its events, so the list listens on a connection of its own; it does not announce
 * itself as an agent (the layout's connection does that).
 */
export function useClientsLive(handlers: LiveHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const socket = io({
      path: SOCKET.path,
      transports: ['polling', 'websocket'],
      reconnectionDelay: SOCKET.reconnectionDelay,
      reconnectionDelayMax: SOCKET.reconnectionDelayMax,
      randomizationFactor: SOCKET.randomizationFactor,
      timeout: SOCKET.timeout,
      withCredentials: true,
    });
    socket.on('client_updated', (event: ClientUpdatedEvent) => {
      if (event?.client) {
        latest.current.onClientUpdated(event);
      }
    });
    socket.on('listing_updated', (event: ListingUpdatedEvent) => {
      if (event) {
        latest.current.onListingUpdated(event);
      }
    });
    return () => {
      socket.close();
    };
  }, []);
}

/**
 * client_updated (an edit or a merge): the row is replaced where it is shown. Spec 8: a client not on
 * the page logs "Unable to find row index" and leaves the rows as they are (the same array, so nothing
 * renders again); it is not added.
 */
export function replaceRow(rows: ClientRowDto[], client: ClientRowDto): ClientRowDto[] {
  const index = rows.findIndex((r) => r.id === client.id);
  if (index === -1) {
    console.warn('Unable to find row index', client.id);
    return rows;
  }
  return rows.map((r, i) => (i === index ? client : r));
}

/** listing_updated: the deleted row goes, the inserted one comes first (once). */
export function applyListing(rows: readonly ClientRowDto[], event: ListingUpdatedEvent): ClientRowDto[] {
  const inserted = event.inserted;
  const kept = rows.filter((r) => r.id !== event.deleted_id && r.id !== inserted?.id);
  return inserted ? [inserted, ...kept] : kept;
}
