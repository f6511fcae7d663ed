import type { Config } from '../../config.ts';
import { localSms } from './local-sms.ts';
import type { SmsSender } from './sms.ts';
import { twilioSms } from './twilio-sms.ts';

export { localSms } from './local-sms.ts';
export { SmsError, type SentSms, type SentSmsStatus, type SmsFailure, type SmsSender } from './sms.ts';
export { twilioSms, type TwilioOptions } from './twilio-sms.ts';

/** The SMS sender named by `SMS_PROVIDER`: the local outbox by default, or Twilio. */
export function createSmsSender(config: Pick<Config, 'sms'>): SmsSender {
  const s = config.sms;
  switch (s.provider) {
    case 'local':
      return localSms();
    case 'twilio':
      return twilioSms({ accountSid: s.accountSid, authToken: s.authToken, from: s.from, baseUrl: s.baseUrl });
  }
}
