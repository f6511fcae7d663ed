import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTelephony } from './index.ts';
import { localTelephony } from './local-telephony.ts';
import { TelephonyError } from './telephony.ts';

describe('local telephony', () => {
  it('records the attempt without a provider', async () => {
    const call = await localTelephony().startCall({ agent: { telephonyUserId: '810235', telephonyNumber: null }, number: '+41791234567' });
    expect(call).toEqual({ providerCallId: null, status: 'recorded' });
  });

  it('refuses an agent without a telephony user, as Aircall would', async () => {
    const started = localTelephony().startCall({
      agent: { telephonyUserId: ' ', telephonyNumber: '+41 91 922 15 60' },
      number: '+41791234567',
    });
    await expect(started).rejects.toBeInstanceOf(TelephonyError);
    await expect(started).rejects.toMatchObject({ reason: 'agent_not_configured' });
  });
});

describe('createTelephony', () => {
  it('is local unless Aircall is configured', () => {
    expect(createTelephony(loadConfig({})).provider).toBe('local');
    expect(createTelephony(loadConfig({ TELEPHONY_PROVIDER: 'aircall', AIRCALL_API_ID: 'id', AIRCALL_API_TOKEN: 't' })).provider).toBe(
      'aircall',
    );
  });

  it('will not start with Aircall but without its credentials', () => {
    expect(() => loadConfig({ TELEPHONY_PROVIDER: 'aircall', AIRCALL_API_ID: 'id' })).toThrow(
      /AIRCALL_API_ID, AIRCALL_API_TOKEN: required/,
    );
  });
});
