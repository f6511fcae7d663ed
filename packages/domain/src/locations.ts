/**
 * Locations (spec 3 "Location", 4 "Location table", 9): where leads are collected, events and malls.
 * The locations page's edit mode lives with the page (apps/web/src/features/locations/edit-mode.ts).
 */

/** The fixed location of leads that come from no event or mall; it can be neither changed nor deleted. */
export const SPECIAL_LOCATION_ID = 1;

export const LOCATION_TYPES = ['event', 'mall'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];
export const DEFAULT_LOCATION_TYPE: LocationType = 'mall';

export function isSpecialLocation(id: number): boolean {
  return id === SPECIAL_LOCATION_ID;
}
