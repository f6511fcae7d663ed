import { requireTelephonyUser, type StartedCall, type Telephony } from './telephony.ts';

/**
 * The local default, without a telephony provider: the call attempt is what the caller stores, so
 * starting a call only checks the agent and answers `recorded`. The user dials by hand.
 */
export function localTelephony(): Telephony {
  return {
    provider: 'local',
    startCall: ({ agent }) =>
      Promise.resolve().then((): StartedCall => {
        requireTelephonyUser(agent);
        return { providerCallId: null, status: 'recorded' };
      }),
  };
}
