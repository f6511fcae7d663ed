/**
 * What other modules may ask of finances. Finances owns orders, their payments and deliveries, and the
 * commissions they earn: other modules make and change them only through these functions, which take
 * the caller's transaction where they write and run the same rules as the finances screens.
 */
export { changeOrderTerms, createOrderForPresentation, type OrderTermsChange, type PresentationOrder } from './order-terms.service.ts';
/** A delivery the warehouse records, inside its own transaction. */
export { recordDelivery } from './orders.service.ts';
/** The commission rows an order earns now (the demo data settles its orders with it). */
export { reconcileCommissions } from './commissions.service.ts';
/** The commission receipts, for the admin payments page. */
export { receiptById, receiptsPage, setReceiptStatus } from './receipts.service.ts';
/** What the events module reads of orders: the order an event made, a client's purchases, whether an order still stands. */
export { orderIdsOfEvents, standingOrderCondition, standingOrdersOfClient } from './event-orders.service.ts';
export { ordersPage } from './orders.service.ts';
/** Per agent, commissions from own sales against those from the downline's (the earnings-sources report). */
export { earningsSources } from './earnings-sources.service.ts';
/** What an independent agent earned from each seller of their downline, per level (their referrals page). */
export { downlineEarningsOf } from './downline-earnings.service.ts';
