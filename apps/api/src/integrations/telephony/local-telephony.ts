import { requireTelephonyUser, type StartCallInput, type StartedCall, type Telephony } from './telephony.ts';

export interface LocalTelephonyOptions {
  /**
   * Places the call through the telephony's simulator (the same path as the provider's webhooks: the call
   * is created and answered in the agent's call log) and answers its id.
   */
  simulate?: (input: StartCallInput) => Promise<string>;
}

/**
 * The local default, without a telephony provider: the call attempt is what the caller stores, so
 * starting a call only checks the agent and answers `recorded`; with a simulator, the call also goes
 * through it as an outbound call of the agent. The user dials by hand.
 */
export function localTelephony(opts: LocalTelephonyOptions = {}): Telephony {
  return {
    provider: 'local',
    startCall: async (input) => {
      requireTelephonyUser(input.agent);
      const providerCallId = opts.simulate ? await opts.simulate(input) : null;
      return { providerCallId, status: 'recorded' } satisfies StartedCall;
    },
  };
}
