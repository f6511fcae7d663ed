/**
 * What other modules and the app may use of the planner: the search without the database (the bench),
 * and the writes of agents' blocked days and private appointments (demo data, tests). The routes are
 * registered by app.ts from routes.ts.
 */
export { searchPlanner, type SearchInput, type SearchAgent, type SearchStop, type ResolvedPeriod } from './search.ts';
export { insertBlockedDays, insertPrivateAppointments } from './repo.ts';
export { resolvePeriod, type PlannerDeps } from './service.ts';
