import type { Config } from '../../config.ts';
import { offlineTravelTimes } from './offline-travel-times.ts';
import { osrmTravelTimes } from './osrm-travel-times.ts';
import type { TravelTimes } from './travel-times.ts';

export {
  ALPINE_CANTONS,
  OFFLINE_MODEL,
  offlineTable,
  offlineTravelTimes,
  offlineTrip,
  regionOf,
  type OfflineModel,
  type Region,
} from './offline-travel-times.ts';
export { osrmTravelTimes, type OsrmOptions } from './osrm-travel-times.ts';
export { emptyTable, greatCircleMetres, RoutingError, type LatLon, type TravelTable, type TravelTimes } from './travel-times.ts';

/** The travel times named by `ROUTING_PROVIDER`: the offline model by default, or an OSRM server. */
export function createTravelTimes(config: Pick<Config, 'routing'>): TravelTimes {
  const r = config.routing;
  return r.provider === 'osrm' ? osrmTravelTimes({ baseUrl: r.osrmUrl, profile: r.osrmProfile }) : offlineTravelTimes();
}
