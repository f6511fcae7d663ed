import { z } from 'zod';
import { AppError } from '../../core/errors.ts';
import type { App } from '../../http/types.ts';
import { receiveWebhook, type LicenceDeps } from './service.ts';

export const PAYMENTS_WEBHOOK_PATH = '/api/webhooks/stripe';

/**
 * The payment provider's webhooks (Stripe's, and the local provider's, signed the same way). The body
 * is kept as the raw text Stripe signed: `Stripe-Signature` is checked on exactly those bytes. No
 * session and no page sends these; they are public and trust only the signature.
 */
export function paymentsWebhookRoutes(app: App, deps: LicenceDeps): void {
  void app.register((scope, _opts, done) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_request, body, next) =>
      next(null, body),
    );
    scope.post(
      PAYMENTS_WEBHOOK_PATH,
      {
        config: { access: { public: true } },
        schema: {
          summary: 'Receive a licence payment event from the payment provider (Stripe webhook, signed); applied shortly after',
          tags: ['licences'],
          response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean(), ignored: z.boolean() }) },
        },
      },
      async (request) => {
        if (typeof request.body !== 'string') {
          throw new AppError('VALIDATION_ERROR', { message: 'Expected application/json', fieldValidation: { _: 'invalid_value' } });
        }
        const signature = request.headers['stripe-signature'];
        return receiveWebhook(deps, request.body, typeof signature === 'string' ? signature : undefined);
      },
    );
    done();
  });
}
