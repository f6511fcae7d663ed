/**
 * What other modules may use of events: a client's bought products, the agents' booked visits, the
 * referred clients' planned presentations. The routes are registered by app.ts from routes.ts.
 */
export { userProducts } from './purchases.service.ts';
/** The planner reads the agents' booked visits and who already served a client. */
export { agentsWhoServed, busyEventsOf, type BusyEvent } from './agenda.service.ts';
/** The referral programme reads each referred client's planned presentation. */
export { plannedPresentationsOf } from './referrals.service.ts';
