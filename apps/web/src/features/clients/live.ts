import type { ClientFlags, ClientListDto, ClientRowDto, ClientUpdatedEvent, ListingUpdatedEvent, LiveClientRowDto } from '@bo/domain';
import { useSocketEvent } from '../../app/socket.ts';

export interface LiveHandlers {
  onClientUpdated: (event: ClientUpdatedEvent) => void;
  onListingUpdated: (event: ListingUpdatedEvent) => void;
}

/**
 * Spec 4 live events of the clients list, while the list is open, on the tab's one socket (app/socket.ts;
 * spec 9): the server has put that connection into the rooms of the viewer's scope, again after a reconnect.
 */
export function useClientsLive(handlers: LiveHandlers): void {
  useSocketEvent<ClientUpdatedEvent | undefined>('client_updated', (event) => {
    if (event?.client) {
      handlers.onClientUpdated(event);
    }
  });
  useSocketEvent<ListingUpdatedEvent | undefined>('listing_updated', (event) => {
    if (event) {
      handlers.onListingUpdated(event);
    }
  });
}

/** What a row from a live event may do when the page has no row to learn the viewer's flags from: nothing, until the next page read. */
export const NO_CLIENT_FLAGS: ClientFlags = {
  can_edit: false,
  can_delete: false,
  can_merge: false,
  can_call: false,
  can_book: false,
  can_assign_agent: false,
  can_see_events: false,
};

/**
 * client_updated (an edit or a merge): the row is replaced where it is shown, keeping what the viewer may
 * do with it (a live row carries no flags). Spec 8: a client not on the page logs "Unable to find row index"
 * and leaves the rows as they are (the same array, so nothing renders again); it is not added.
 */
export function replaceRow(rows: readonly ClientRowDto[], client: LiveClientRowDto): readonly ClientRowDto[] {
  const index = rows.findIndex((r) => r.id === client.id);
  if (index === -1) {
    console.warn('Unable to find row index', client.id);
    return rows;
  }
  return rows.map((r, i) => (i === index ? { ...r, ...client } : r));
}

/**
 * The viewer's flags for a client of their list. The server derives them from the viewer alone (every
 * client a live event reaches is in the viewer's scope), so any row of the page tells them.
 */
function viewerFlagsOf(rows: readonly ClientRowDto[]): ClientFlags {
  const [any] = rows;
  if (!any) {
    return NO_CLIENT_FLAGS;
  }
  const { can_edit, can_delete, can_merge, can_call, can_book, can_assign_agent, can_see_events } = any;
  return { can_edit, can_delete, can_merge, can_call, can_book, can_assign_agent, can_see_events };
}

/**
 * listing_updated: the deleted row goes, the inserted one comes first (once). An inserted row already on
 * the page keeps its flags; a new one takes the viewer's flags from the page (none on an empty page,
 * until it is read again).
 */
export function applyListing(rows: readonly ClientRowDto[], event: ListingUpdatedEvent): ClientRowDto[] {
  const inserted = event.inserted;
  const kept = rows.filter((r) => r.id !== event.deleted_id && r.id !== inserted?.id);
  if (!inserted) {
    return kept;
  }
  const before = rows.find((r) => r.id === inserted.id);
  return [{ ...(before ?? viewerFlagsOf(rows)), ...inserted }, ...kept];
}

/**
 * A live change applied to a cached page of the list (`queryClient.setQueryData` on the page's key): the
 * same page object when the rows did not change, nothing when the page was not read yet.
 */
export function patchPage(
  page: ClientListDto | undefined,
  change: (rows: readonly ClientRowDto[]) => readonly ClientRowDto[],
): ClientListDto | undefined {
  if (!page) {
    return page;
  }
  const data = change(page.data);
  return data === page.data ? page : { ...page, data: [...data] };
}
