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

/** A page of Twilio's message list (`GET …/Messages.json`), newest first. */
interface TwilioList {
  messages?: { sid?: string; to?: string; body?: string; status?: string; date_created?: string }[];
}

/** How far the clocks of Twilio and this server may differ when a message's creation is compared. */
const CLOCK_SKEW_MS = 5 * 60_000;

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

    /**
     * Twilio's Messages API takes no idempotency key, so an interrupted send is checked by reading the
     * account's newest messages to the number (`GET …/Messages.json?To=…&PageSize=50`) for one with
     * the same text created since the outbox row was written.
     */
    async find(to, text, findOpts) {
      const query = new URLSearchParams([
        ['To', to],
        ['PageSize', '50'],
      ]);
      let answer: Response;
      try {
        answer = await fetch(`${url}?${query.toString()}`, {
          headers: { authorization, accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (cause) {
        throw new SmsError('provider_unreachable', 'Twilio did not answer the message lookup', { cause });
      }
      const raw = await answer.text().catch(() => '');
      if (!answer.ok) {
        throw new SmsError('provider_unreachable', `Twilio answered ${answer.status} to the message lookup`, { status: answer.status });
      }
      const list = parseList(raw);
      if (!list || !Array.isArray(list.messages)) {
        throw new SmsError('provider_unreachable', 'Twilio answered the message lookup without a list', { status: answer.status });
      }
      const since = findOpts.since.getTime() - CLOCK_SKEW_MS;
      const match = list.messages.find((m) => {
        const created = m.date_created ? Date.parse(m.date_created) : NaN;
        return m.sid && m.to === to && m.body === text && !(created < since);
      });
      return match?.sid ? { providerId: match.sid, status: statusOf(match.status) } : null;
    },
  };
}

/** Twilio's statuses of a new message (`accepted`, `scheduled`, `queued`, `sending`) all mean it will be sent. */
function statusOf(status: string | undefined): SentSmsStatus {
  return status === 'sent' || status === 'delivered' ? status : 'queued';
}

function parseList(text: string): TwilioList | null {
  try {
    return JSON.parse(text) as TwilioList | null;
  } catch {
    return null;
  }
}

function parseAnswer(text: string): TwilioAnswer | null {
  try {
    const body = JSON.parse(text) as TwilioAnswer | null;
    return body && typeof body === 'object' ? body : null;
  } catch {
    return null;
  }
}
