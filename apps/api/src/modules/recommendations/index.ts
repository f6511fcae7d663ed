/** The recommendations module's public face: what other modules may call. */
export { recommendationsPage } from './service.ts';
