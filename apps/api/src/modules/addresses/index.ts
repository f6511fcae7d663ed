/**
 * What other modules and the app may use of addresses: where users (clients, staff) live for distances,
 * with the precision of that point, and the import of the official building directory (docs/addresses.md).
 */
export { locateAddress, locateUsers, pointOfPlace, type UserLocation } from './locate.service.ts';
export { importDirectory, lv95ToWgs84, type DirectoryImport } from './directory.service.ts';
