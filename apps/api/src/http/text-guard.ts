import { nulPath, type ErrorBody } from '@bo/domain';
import type { App } from './types.ts';
import { AppError } from '../core/errors.ts';

/**
 * PostgreSQL cannot store or compare text holding a NUL character: such a request would fail in
 * the database. Every route's path parameters, query string and JSON body are looked at once here,
 * before validation, and a NUL anywhere is a 400 naming the field (the shared text schemas refuse
 * it too, for the browser's forms).
 */
export function registerTextGuard(app: App): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const parts: [string, unknown][] = [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ];
    for (const [part, value] of parts) {
      const at = nulPath(value);
      if (at) {
        const field = at.map(String).join('.') || '_';
        done(
          new AppError('VALIDATION_ERROR', {
            message: `Invalid ${part}`,
            fieldValidation: { [field]: 'invalid_value' } satisfies ErrorBody['field_validation'],
          }),
        );
        return;
      }
    }
    done();
  });
}
