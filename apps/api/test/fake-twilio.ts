import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeTwilioMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  /** The outbox id the status callback names (`?msg=`), when the sender gave one. */
  ref: string | null;
  dateCreated: Date;
}

/** What the fake does with one create request: take it, answer 500 without taking it, or take it and then never answer. */
export type FakeTwilioOutcome = 'accept' | 'fail' | 'accept-no-answer';

export interface FakeTwilioOptions {
  accountSid: string;
  authToken: string;
  /** Decides each create request (default: accept); `from` tells the senders apart. */
  decide?: (to: string, body: string, from: string) => FakeTwilioOutcome;
  /** Told of each message taken, as it is taken. */
  onAccepted?: (message: FakeTwilioMessage) => void;
}

/**
 * A local server speaking the part of Twilio's Messages API the SMS adapter uses, as documented:
 * `POST /2010-04-01/Accounts/{sid}/Messages.json` (form-encoded `To`, `From`, `Body`, `StatusCallback`;
 * 201 with the message resource) and `GET` of the same address filtered by `To`, newest first, with
 * `PageSize`; HTTP Basic auth with the account sid and auth token; errors as `{ code, message, status }`.
 */
export async function startFakeTwilio(opts: FakeTwilioOptions) {
  const messages: FakeTwilioMessage[] = [];
  let n = 0;
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const error = (status: number, code: number, message: string) => json(status, { code, message, status });
      const url = new URL(req.url ?? '/', 'http://twilio.local');
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(url.pathname);
      if (!match) {
        error(404, 20404, 'The requested resource was not found');
        return;
      }
      const [user, password] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
        .toString('utf8')
        .split(':');
      if (user !== opts.accountSid || password !== opts.authToken || match[1] !== opts.accountSid) {
        error(401, 20003, 'Authenticate');
        return;
      }
      if (req.method === 'GET') {
        const to = url.searchParams.get('To');
        const pageSize = Math.min(1000, Number(url.searchParams.get('PageSize') ?? 50) || 50);
        const page = messages
          .filter((m) => to === null || m.to === to)
          .slice(-pageSize)
          .reverse()
          .map(resource);
        json(200, { messages: page, page: 0, page_size: pageSize });
        return;
      }
      if (req.method !== 'POST') {
        error(405, 20004, 'Method not allowed');
        return;
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const to = form.get('To') ?? '';
      const body = form.get('Body') ?? '';
      if (!/^\+[1-9]\d{6,14}$/.test(to)) {
        error(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
        return;
      }
      const from = form.get('From') ?? form.get('MessagingServiceSid') ?? '';
      const outcome = opts.decide?.(to, body, from) ?? 'accept';
      if (outcome === 'fail') {
        error(500, 20500, 'Internal Server Error');
        return;
      }
      const callback = form.get('StatusCallback');
      n += 1;
      const message: FakeTwilioMessage = {
        sid: `SM${n.toString(16).padStart(32, '0')}`,
        to,
        from,
        body,
        ref: callback ? new URL(callback).searchParams.get('msg') : null,
        dateCreated: new Date(),
      };
      messages.push(message);
      opts.onAccepted?.(message);
      if (outcome === 'accept-no-answer') {
        hanging.add(res);
        return;
      }
      json(201, resource(message));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) {
          res.destroy();
        }
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function resource(m: FakeTwilioMessage) {
  return { sid: m.sid, to: m.to, body: m.body, status: 'queued', date_created: m.dateCreated.toUTCString() };
}
