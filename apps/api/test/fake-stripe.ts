import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { stripeSignature, type StripeEventShape } from '../src/integrations/payments/index.ts';

/**
 * Stripe's API as far as the licences use it (docs.stripe.com/api): `POST /v1/checkout/sessions`
 * takes a form-encoded body (nested keys as `line_items[0][price]`), authenticates with the secret key
 * as a Bearer token, honours `Idempotency-Key`, and answers the Checkout Session object or Stripe's
 * error object (`{ error: { type, code, message } }`). Webhooks are signed as Stripe signs them.
 */
export interface FakeStripeSession {
  id: string;
  form: Record<string, string>;
  idempotencyKey: string | undefined;
}

export async function startFakeStripe(opts: { secretKey: string; knownPrices: string[] }) {
  const sessions: FakeStripeSession[] = [];
  const byKey = new Map<string, Record<string, unknown>>();
  let counter = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++counter}` });
        res.end(JSON.stringify(json));
      };
      const error = (status: number, type: string, message: string, code?: string) =>
        send(status, { error: { type, message, ...(code ? { code } : {}) } });
      if (req.headers.authorization !== `Bearer ${opts.secretKey}`) {
        return error(401, 'invalid_request_error', 'Invalid API Key provided');
      }
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        const form = Object.fromEntries(new URLSearchParams(body));
        const key = req.headers['idempotency-key'];
        const idem = typeof key === 'string' ? key : undefined;
        if (idem && byKey.has(idem)) {
          return send(200, byKey.get(idem));
        }
        const price = form['line_items[0][price]'];
        if (!price || !opts.knownPrices.includes(price)) {
          return error(400, 'invalid_request_error', `No such price: '${price ?? ''}'`, 'resource_missing');
        }
        if (form.mode !== 'subscription' || !form.success_url || !form.cancel_url) {
          return error(400, 'invalid_request_error', 'Missing required param');
        }
        const id = `cs_test_${String(++counter).padStart(6, '0')}`;
        sessions.push({ id, form, idempotencyKey: idem });
        const session = {
          id,
          object: 'checkout.session',
          mode: 'subscription',
          status: 'open',
          payment_status: 'unpaid',
          client_reference_id: form.client_reference_id ?? null,
          customer_email: form.customer_email ?? null,
          metadata: { licence_id: form['metadata[licence_id]'] },
          success_url: form.success_url,
          cancel_url: form.cancel_url,
          url: `https://checkout.stripe.com/c/pay/${id}`,
        };
        if (idem) {
          byKey.set(idem, session);
        }
        return send(200, session);
      }
      return error(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${req.url})`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A webhook delivery as Stripe makes it: the event's JSON and its `Stripe-Signature` header. */
export function signedDelivery(event: StripeEventShape | Record<string, unknown>, secret: string, timestamp?: number) {
  const payload = JSON.stringify(event);
  return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload, secret, timestamp) } };
}
