import { z } from 'zod';
import { AppError } from '../../core/errors.ts';
import type { App } from '../../http/types.ts';
import { handleAircallWebhook, validWebhookToken, type TelephonyDeps } from './service.ts';

export const AIRCALL_WEBHOOK_PATH = '/api/webhooks/aircall';

/**
 * Aircall's webhooks (call.created, call.ringing_on_agent, call.answered, call.hungup, call.ended,
 * user.opened, user.closed): JSON posted by Aircall with no session and no signature header, trusted
 * only by the `token` in its body (AIRCALL_WEBHOOK_TOKEN). Other events are answered 200 and ignored;
 * Aircall retries what it did not get a 2xx for, and a repeated event changes nothing.
 */
export function telephonyWebhookRoutes(app: App, deps: TelephonyDeps): void {
  app.post(
    AIRCALL_WEBHOOK_PATH,
    {
      config: { access: { public: true } },
      bodyLimit: 256 * 1024,
      schema: {
        summary: 'Receive a call or availability event from the telephony provider (Aircall webhook, checked by its token)',
        tags: ['telephony'],
        response: { 200: z.object({ outcome: z.enum(['applied', 'unchanged', 'ignored']) }) },
      },
    },
    async (request) => {
      const body = request.body;
      const token = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as { token?: unknown }).token : undefined;
      if (!validWebhookToken(deps.webhookToken, token)) {
        // As the SMS status webhook refuses a forged signature: 403, not the 401 of a session that ended.
        throw new AppError('Not allowed.', { message: 'Invalid or missing webhook token' });
      }
      return { outcome: await handleAircallWebhook(deps, body as Record<string, unknown>) };
    },
  );
}
