/** What other modules may use of events: how a product reads on an order's line. */
export { productOf } from './dto.ts';
