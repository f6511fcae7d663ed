import { SmsError, statusCallbackFor, type SentSmsStatus, type SmsSender } from './sms.ts';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** The sender: a number in E.164, an alphanumeric sender id, or a Messaging Service sid (`MG…`). */
  from: string;
  /** Without a path; requests go to `{baseUrl}/2010-04-01/…`. */
  baseUrl: string;
  /** Twilio posts each status change of a message here (`StatusCallback`): `PUBLIC_URL` + SMS_STATUS_PATH. */
  statusCallback?: string;
  timeoutMs?: number;
}

interface TwilioAnswer {
  sid?: string;
  status?: string;
  code?: number | string;
  message?: string;
}

const MESSAGING_SERVICE = /^MG[0-9a-f]{32}$/i;

/**
 * Twilio's Messages API: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded `To`, `From`
 * (or `MessagingServiceSid`), `Body` and `StatusCallback` (where Twilio reports the delivery), HTTP Basic auth with the account sid and auth token. It answers
 * 201 with the message (`sid`, `status`), or an error as `{ code, message, more_info, status }`.
 */
export function twilioSms(opts: TwilioOptions): SmsSender {
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const senderField = MESSAGING_SERVICE.test(opts.from) ? 'MessagingServiceSid' : 'From';

  return {
    provider: 'twilio',
    async send(to, text, sendOpts) {
      let answer: Response;
      try {
        answer = await fetch(url, {
          method: 'POST',
          headers: { authorization, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(<[string, string][]>[
            ['To', to],
            [senderField, opts.from],
            ['Body', text],
            ...(opts.statusCallback ? [['StatusCallback', statusCallbackFor(opts.statusCallback, sendOpts)]] : []),
          ]).toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (cause) {
        throw new SmsError('provider_unreachable', 'Twilio did not answer', { cause });
      }
      const raw = await answer.text().catch(() => '');
      const body = parseAnswer(raw);
      const code = body?.code === undefined ? undefined : String(body.code);
      if (!answer.ok) {
        const detail = body?.message ?? raw.slice(0, 200);
        // 400 is Twilio's answer about this message (invalid or unsubscribed number, text too long …):
        // it will not change. Bad credentials, an unknown account, rate limits and 5xx may.
        throw new SmsError(
          answer.status === 400 ? 'provider_refused' : 'provider_unreachable',
          `Twilio answered ${answer.status}${code ? ` (${code})` : ''}${detail ? `: ${detail}` : ''}`,
          { status: answer.status, ...(code ? { code } : {}) },
        );
      }
      if (!body?.sid) {
        throw new SmsError('provider_unreachable', `Twilio answered ${answer.status} without a message sid`, { status: answer.status });
      }
      if (body.status === 'failed' || body.status === 'undelivered') {
        throw new SmsError('provider_refused', `Twilio took message ${body.sid} as ${body.status}`, {
          status: answer.status,
          ...(code ? { code } : {}),
        });
      }
      return { providerId: body.sid, status: statusOf(body.status) };
    },
  };
}

/** Twilio's statuses of a new message (`accepted`, `scheduled`, `queued`, `sending`) all mean it will be sent. */
function statusOf(status: string | undefined): SentSmsStatus {
  return status === 'sent' || status === 'delivered' ? status : 'queued';
}

function parseAnswer(text: string): TwilioAnswer | null {
  try {
    const body = JSON.parse(text) as TwilioAnswer | null;
    return body && typeof body === 'object' ? body : null;
  } catch {
    return null;
  }
}
