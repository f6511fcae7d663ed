import { describe, expect, it } from 'vitest';
import { HttpError } from './http-error.ts';
import { isLicenceRestricted, LICENCE_PAGE, sendToLicencePage } from './licence-restriction.ts';

const restricted = new HttpError(403, { error: 'Not allowed.', data: { reason: 'licence_restricted' } });

describe('the licence restriction in the browser', () => {
  it.each<[string, unknown, boolean]>([
    ['the refusal for the licence', restricted, true],
    ['another refusal', new HttpError(403, { error: 'Not allowed.', data: { reason: 'cross_site' } }), false],
    ['a refusal without a reason', new HttpError(403, { error: 'Not allowed.' }), false],
    ['the reason with another status', new HttpError(400, { error: 'Not allowed.', data: { reason: 'licence_restricted' } }), false],
    ['no HTTP error', new Error('licence_restricted'), false],
  ])('%s → %s', (_, err, expected) => {
    expect(isLicenceRestricted(err)).toBe(expected);
  });

  it('sends the agent to the licence page, unless they are on it, and only for that refusal', () => {
    const went: string[] = [];
    const navigate = (to: string) => went.push(to);
    sendToLicencePage(restricted, { pathname: '/ia-dashboard/events' }, navigate);
    sendToLicencePage(restricted, { pathname: LICENCE_PAGE }, navigate);
    sendToLicencePage(new HttpError(500, {}), { pathname: '/ia-dashboard' }, navigate);
    expect(went).toEqual([LICENCE_PAGE]);
  });
});
