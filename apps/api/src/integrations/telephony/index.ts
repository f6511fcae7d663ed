import type { Config } from '../../config.ts';
import { aircallTelephony } from './aircall-telephony.ts';
import { localTelephony, type LocalTelephonyOptions } from './local-telephony.ts';
import type { Telephony } from './telephony.ts';

export { aircallTelephony, type AircallOptions } from './aircall-telephony.ts';
export { localTelephony, type LocalTelephonyOptions } from './local-telephony.ts';
export {
  TelephonyError,
  type ListedCall,
  type StartCallInput,
  type StartedCall,
  type Telephony,
  type TelephonyAgent,
  type TelephonyFailure,
} from './telephony.ts';

/** The telephony named by `TELEPHONY_PROVIDER`: the local default, or Aircall. */
export function createTelephony(config: Pick<Config, 'telephony'>, local: LocalTelephonyOptions = {}): Telephony {
  const t = config.telephony;
  switch (t.provider) {
    case 'local':
      return localTelephony(local);
    case 'aircall':
      return aircallTelephony({ apiId: t.apiId, apiToken: t.apiToken, baseUrl: t.baseUrl });
  }
}
