/**
 * What other modules may ask of finances. Finances owns orders, their payments and deliveries: other
 * modules make and change them only through these functions, which take the caller's transaction where
 * they write and run the same rules as the finances screens (a lint rule forbids importing another
 * module's repo).
 */
export { changeOrderTerms, createOrderForPresentation, type OrderTermsChange, type PresentationOrder } from './order-terms.ts';
export { recordDelivery } from './orders.ts';
/** The commission receipts, for the admin payments page. */
export { receiptById, receiptsPage, setReceiptStatus } from './commissions.ts';
