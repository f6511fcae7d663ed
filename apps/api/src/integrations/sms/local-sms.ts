import { randomUUID } from 'node:crypto';
import { SmsError, statusCallbackFor, type SmsSender } from './sms.ts';
import { twilioSignature } from './twilio-signature.ts';

export interface LocalSmsOptions {
  /** The status webhook (`PUBLIC_URL` + SMS_STATUS_PATH) and the key its reports are signed with. */
  statusCallback?: {
    url: string;
    secret: string;
    /** Posts one report; `fetch` by default, tests answer through the app directly. */
    post?: (url: string, body: string, headers: Record<string, string>) => Promise<number>;
  };
}

/**
 * Twilio's magic test numbers (what its test credentials answer for these `To` numbers): the local
 * sender refuses them the same way, so a refused message and the dead-letter list can be tried offline.
 */
export const LOCAL_REFUSED_NUMBERS: Readonly<Record<string, { code: string; message: string }>> = {
  '+15005550001': { code: '21211', message: "The 'To' number is not a valid phone number." },
  '+15005550002': { code: '21612', message: "The 'To' phone number is not currently reachable via SMS." },
  '+15005550003': { code: '21408', message: 'Permission to send an SMS has not been enabled for the region.' },
  '+15005550004': { code: '21610', message: 'Attempt to send to unsubscribed recipient' },
  '+15005550009': { code: '21614', message: "'To' number is not a valid mobile number" },
};

/**
 * The local default: nothing leaves the machine. The outbox row already holds the number and the text,
 * which is what the admin reads. Like a provider, it takes the message as queued and then reports
 * `sent` and `delivered` by posting Twilio-style status callbacks, signed the same way with the local
 * secret, to the app's own status webhook, so the whole path runs offline. Without a callback the
 * message stays queued. Twilio's magic test numbers (LOCAL_REFUSED_NUMBERS) are refused as Twilio refuses them.
 */
export function localSms(opts: LocalSmsOptions = {}): SmsSender {
  const callback = opts.statusCallback;
  const post =
    callback?.post ??
    (async (url: string, body: string, headers: Record<string, string>) => {
      const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer().catch(() => undefined);
      return res.status;
    });
  return {
    provider: 'local',
    send: (to) => {
      const refused = LOCAL_REFUSED_NUMBERS[to];
      if (refused) {
        return Promise.reject(
          new SmsError('provider_refused', `the local sender refused it (${refused.code}): ${refused.message}`, {
            status: 400,
            code: refused.code,
          }),
        );
      }
      return Promise.resolve({ providerId: `local-${randomUUID()}`, status: 'queued' });
    },
    // Nothing left the machine for a try that was never recorded: the outbox may send it again.
    find: () => Promise.resolve(null),
    async recorded(providerId, sendOpts) {
      if (!callback) {
        return;
      }
      const url = statusCallbackFor(callback.url, sendOpts);
      for (const status of ['sent', 'delivered'] as const) {
        const params: [string, string][] = [
          ['MessageSid', providerId],
          ['SmsSid', providerId],
          ['MessageStatus', status],
          ['SmsStatus', status],
        ];
        const status_ = await post(url, new URLSearchParams(params).toString(), {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilioSignature(callback.secret, url, params),
        });
        if (status_ !== 200 && status_ !== 204) {
          throw new Error(`the status webhook answered ${status_}`);
        }
      }
    },
  };
}
