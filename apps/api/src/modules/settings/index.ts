/** The global settings' public surface: other modules (receipts, invoices, the calendar) read them here. */
export { globalSettings } from './service.ts';
