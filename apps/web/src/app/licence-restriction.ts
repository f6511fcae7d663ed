import { HttpError } from './http-error.ts';

/** Where an independent agent pays their licence. */
export const LICENCE_PAGE = '/ia-dashboard/license';

/** Whether a call was refused because the agent's licence restricts them (a payment owed past the grace period). */
export function isLicenceRestricted(err: unknown): boolean {
  if (!(err instanceof HttpError) || err.status !== 403) {
    return false;
  }
  const data = err.body.data;
  return typeof data === 'object' && data !== null && (data as { reason?: unknown }).reason === 'licence_restricted';
}

/**
 * Any call refused for the licence sends the agent to the licence page, where they can pay (the only
 * screen left open to them besides their profile); on that page itself nothing moves.
 */
export function sendToLicencePage(err: unknown, where: { pathname: string }, navigate: (to: string) => unknown): void {
  if (isLicenceRestricted(err) && where.pathname !== LICENCE_PAGE) {
    void navigate(LICENCE_PAGE);
  }
}
