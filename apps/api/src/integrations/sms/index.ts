import type { Config } from '../../config.ts';
import { localSms } from './local-sms.ts';
import type { SmsSender } from './sms.ts';
import { twilioSms } from './twilio-sms.ts';

export { localSms, type LocalSmsOptions } from './local-sms.ts';
export { SMS_STATUS_PATH, SmsError, type SentSms, type SentSmsStatus, type SmsFailure, type SmsSender } from './sms.ts';
export { twilioSms, type TwilioOptions } from './twilio-sms.ts';
export { twilioSignature, validTwilioSignature } from './twilio-signature.ts';

/** The key a status callback is signed with: Twilio's auth token, or the local sender's secret. */
export function smsWebhookKey(config: Pick<Config, 'sms'>): string {
  return config.sms.provider === 'twilio' ? config.sms.authToken : config.sms.secret;
}

/** The SMS sender named by `SMS_PROVIDER`: the local outbox by default, or Twilio. */
export function createSmsSender(config: Pick<Config, 'sms'>): SmsSender {
  const s = config.sms;
  switch (s.provider) {
    case 'local':
      return localSms({ statusCallback: { url: s.statusCallbackUrl, secret: s.secret } });
    case 'twilio':
      return twilioSms({
        accountSid: s.accountSid,
        authToken: s.authToken,
        from: s.from,
        baseUrl: s.baseUrl,
        statusCallback: s.statusCallbackUrl,
      });
  }
}
