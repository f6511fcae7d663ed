/** The warehouse's stock as other parts of the app (the demo data) read and count it. */
export { setStock, stockRows, type StockRow } from './repo.ts';
export { countToDeliver } from './repo.ts';
