import type { ClientFlags, ClientListDto, ClientRowDto, ListingUpdatedEvent, LiveClientRowDto } from '@bo/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyListing, NO_CLIENT_FLAGS, patchPage, replaceRow } from './live.ts';

/** A client row as a live event carries it (no flags); `name` tells versions apart. */
function live(id: number, name = `Client ${id}`): LiveClientRowDto {
  return {
    id,
    updated_at: '2026-01-01T00:00:00.000Z',
    recommendations: 0,
    duplicates: 0,
    cohabitants: 0,
    blockNeighbors: 0,
    contact_history: null,
    user: {
      id,
      name,
      surname: 'Muster',
      email: null,
      phone: null,
      mobile_phone: null,
      zipcode: null,
      city: null,
      address: null,
      type: 'B2C',
      company: null,
      age: null,
      status: 'potential',
      lead_source: null,
      lead_location: null,
      linked_agent: null,
      number_of_calls: 0,
      last_contact_at: null,
      next_recall_at: null,
      email_reminder_stage: null,
      is_active: true,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    },
  };
}
const ALL: ClientFlags = { ...NO_CLIENT_FLAGS, can_edit: true, can_delete: true, can_call: true };
/** A row of a read page: the live row and what this viewer may do. */
const row = (id: number, name?: string): ClientRowDto => ({ ...ALL, ...live(id, name) });
/** A compact picture of rows: `id:name` and `+` when the row may be edited. */
const picture = (rows: readonly ClientRowDto[]) => rows.map((r) => `${r.id}:${r.user.name}${r.can_edit ? '+' : ''}`);

const PAGE = [row(1), row(2), row(3)];

afterEach(() => {
  vi.restoreAllMocks();
});

describe('replaceRow: client_updated', () => {
  it.each<[string, LiveClientRowDto, string[]]>([
    ['replaces the row where it is, keeping its flags', live(2, 'Neu'), ['1:Client 1+', '2:Neu+', '3:Client 3+']],
    ['replaces the first row', live(1, 'Erste'), ['1:Erste+', '2:Client 2+', '3:Client 3+']],
  ])('%s', (_name, client, expected) => {
    expect(picture(replaceRow(PAGE, client))).toEqual(expected);
  });

  it('leaves the same rows and logs "Unable to find row index" for a client not on the page (spec 8)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(replaceRow(PAGE, live(9))).toBe(PAGE);
    expect(warn).toHaveBeenCalledWith('Unable to find row index', 9);
  });
});

describe('applyListing: listing_updated', () => {
  it.each<[string, ListingUpdatedEvent, string[]]>([
    ['removes the deleted row', { deleted_id: 2, inserted: null }, ['1:Client 1+', '3:Client 3+']],
    ['a deleted row not on the page changes nothing', { deleted_id: 9, inserted: null }, ['1:Client 1+', '2:Client 2+', '3:Client 3+']],
    [
      "puts a new row first, with the viewer's flags of the page",
      { deleted_id: null, inserted: live(7, 'Neu') },
      ['7:Neu+', '1:Client 1+', '2:Client 2+', '3:Client 3+'],
    ],
    [
      'moves a row already shown to the top once, with its flags',
      { deleted_id: null, inserted: live(3, 'Oben') },
      ['3:Oben+', '1:Client 1+', '2:Client 2+'],
    ],
    ['deletes one and inserts another', { deleted_id: 1, inserted: live(8) }, ['8:Client 8+', '2:Client 2+', '3:Client 3+']],
  ])('%s', (_name, event, expected) => {
    expect(picture(applyListing(PAGE, event))).toEqual(expected);
  });

  it("gives a new row the viewer's flags of the page, and none on an empty page", () => {
    const [first] = applyListing(PAGE, { deleted_id: null, inserted: live(7) });
    expect(first).toMatchObject(ALL);
    const [only] = applyListing([], { deleted_id: null, inserted: live(7) });
    expect(only).toMatchObject(NO_CLIENT_FLAGS);
  });
});

describe('patchPage: a live change applied to the cached page', () => {
  const page: ClientListDto = { data: PAGE, total: 3, total_capped: false, limit: 100, offset: 0, can_export: false };

  it('changes the rows and keeps the total', () => {
    const patched = patchPage(page, (rows) => applyListing(rows, { deleted_id: 1, inserted: null }));
    expect(patched).toEqual({ ...page, data: [PAGE[1], PAGE[2]] });
  });

  it('gives the same page when the rows did not change (nothing renders again)', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(patchPage(page, (rows) => replaceRow(rows, live(9)))).toBe(page);
  });

  it('leaves a page not read yet alone', () => {
    expect(patchPage(undefined, (rows) => applyListing(rows, { deleted_id: null, inserted: live(7) }))).toBeUndefined();
  });
});
