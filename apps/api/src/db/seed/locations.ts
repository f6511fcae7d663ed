import type { LocationType } from '@bo/domain';
import type { Tx } from '../client.ts';
import { locations, type users } from '../schema/index.ts';

/** Swiss shopping centres and fairs where promotion agents collect leads. */
export const DEMO_LOCATIONS: { code: string; display_name: string; city: string; index: string; type: LocationType }[] = [
  { code: 'GLATT', display_name: 'Glatt Zentrum Wallisellen', city: 'Wallisellen', index: '8304', type: 'mall' },
  { code: 'TIVOLI', display_name: 'Shoppi Tivoli Spreitenbach', city: 'Spreitenbach', index: '8957', type: 'mall' },
  { code: 'SIHLCITY', display_name: 'Sihlcity Zürich', city: 'Zürich', index: '8045', type: 'mall' },
  { code: 'WESTSIDE', display_name: 'Westside Bern', city: 'Bern', index: '3027', type: 'mall' },
  { code: 'EMMEN', display_name: 'Emmen Center', city: 'Emmenbrücke', index: '6020', type: 'mall' },
  { code: 'ARENA-SG', display_name: 'Shopping Arena St. Gallen', city: 'St. Gallen', index: '9015', type: 'mall' },
  { code: 'BALEXERT', display_name: 'Balexert Genève', city: 'Vernier', index: '1219', type: 'mall' },
  { code: 'CENTRO-SUD', display_name: 'Centro Lugano Sud', city: 'Grancia', index: '6916', type: 'mall' },
  { code: 'BEA', display_name: 'BEA Bern', city: 'Bern', index: '3014', type: 'event' },
  { code: 'OLMA', display_name: 'OLMA St. Gallen', city: 'St. Gallen', index: '9008', type: 'event' },
  { code: 'COMPTOIR', display_name: 'Comptoir Suisse Lausanne', city: 'Lausanne', index: '1004', type: 'event' },
  { code: 'LUGA', display_name: 'LUGA Luzern', city: 'Luzern', index: '6005', type: 'event' },
  { code: 'ZUESPA', display_name: 'Züspa Zürich', city: 'Zürich', index: '8050', type: 'event' },
  { code: 'FOIRE-VS', display_name: 'Foire du Valais Martigny', city: 'Martigny', index: '1920', type: 'event' },
];

export async function seedDemoLocations(tx: Tx): Promise<{ id: number; type: LocationType }[]> {
  return tx
    .insert(locations)
    .values(DEMO_LOCATIONS.map((l) => ({ code: l.code, displayName: l.display_name, city: l.city, index: l.index, type: l.type })))
    .returning({ id: locations.id, type: locations.type });
}

/** Clients whose lead source is an event or a mall get one of that kind, spread evenly and the same every time. */
export function linkLeadLocations(rows: (typeof users.$inferInsert)[], seeded: readonly { id: number; type: LocationType }[]): void {
  const byType = { event: seeded.filter((l) => l.type === 'event'), mall: seeded.filter((l) => l.type === 'mall') };
  rows.forEach((row, i) => {
    const choices = row.leadSource === 'event' || row.leadSource === 'mall' ? byType[row.leadSource] : [];
    if (choices.length > 0) {
      // A prime step skips through the list, so neighbouring clients come from different places.
      row.leadLocationId = choices[(i * 7) % choices.length]!.id;
    }
  });
}
