import { z } from 'zod';
import { AppError } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import type { App } from '../../http/types.ts';
import { SMS_STATUS_PATH, validTwilioSignature } from '../../integrations/sms/index.ts';
import { applyStatusCallback } from './service.ts';

export interface SmsWebhookDeps {
  db: Db;
  /** PUBLIC_URL: Twilio signs the address it was given, which is this plus the path. */
  publicUrl: string;
  /** Twilio's auth token, or the local sender's secret. */
  key: string;
}

const FORM = 'application/x-www-form-urlencoded';

/**
 * Twilio's status callback (`StatusCallback` of every message sent): a form-encoded POST with
 * `MessageSid`, `MessageStatus` and, for failures, `ErrorCode`, signed in `X-Twilio-Signature`. It comes
 * from no page and carries no session: it is public and trusts only its signature. The local sender
 * posts here too, signed with its own secret.
 */
export function smsWebhookRoutes(app: App, deps: SmsWebhookDeps): void {
  const base = deps.publicUrl.replace(/\/+$/, '');
  void app.register((scope, _opts, done) => {
    // Only this route reads forms; the body stays a string so the signature sees each field as sent.
    scope.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => done(null, body));
    scope.post(
      SMS_STATUS_PATH,
      {
        config: { access: { public: true } },
        schema: {
          summary: 'Receive a text message’s delivery status from the provider (Twilio status callback, signed)',
          tags: ['sms'],
          response: { 200: z.object({ outcome: z.enum(['updated', 'unchanged', 'unknown']) }) },
        },
      },
      async (request) => {
        const raw = typeof request.body === 'string' ? request.body : null;
        if (raw === null || !(request.headers['content-type'] ?? '').toLowerCase().startsWith(FORM)) {
          throw new AppError('VALIDATION_ERROR', { message: `Expected ${FORM}`, fieldValidation: { _: 'invalid_value' } });
        }
        const form = new URLSearchParams(raw);
        const signature = request.headers['x-twilio-signature'];
        const url = base + request.url;
        if (!validTwilioSignature(deps.key, typeof signature === 'string' ? signature : undefined, url, [...form.entries()])) {
          throw new AppError('Not allowed.', { message: 'Invalid or missing X-Twilio-Signature' });
        }
        const ref = new URL(request.url, base).searchParams.get('msg');
        return { outcome: await applyStatusCallback(deps.db, form, ref) };
      },
    );
    done();
  });
}
