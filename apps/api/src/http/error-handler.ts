import { fieldValidationFrom, type ErrorBody } from '@bo/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../core/errors.ts';
import { isDatabaseUnavailable } from '../db/outage.ts';
import { loggableError, pgCause } from './loggable-error.ts';

/** Unique indexes whose violation means something the user can fix. */
const UNIQUE_CONSTRAINTS: Record<string, ErrorBody> = {
  users_email_unique: { error: 'duplicated email', field_validation: { email: 'already_taken' } },
  locations_code_unique: { error: 'LOCATION_CODE_TAKEN', field_validation: { code: 'already_taken' } },
  products_code_unique: { error: 'PRODUCT_CODE_TAKEN', field_validation: { code: 'already_taken' } },
  product_categories_name_unique: { error: 'CATEGORY_NAME_TAKEN', field_validation: { name: 'already_taken' } },
};

/** The seconds a client is asked to wait when the database is unreachable (the Retry-After of the 503). */
const DATABASE_RETRY_AFTER_S = 5;

/** One handler turns every failure into `{ error, message?, field_validation? }`. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      const body: ErrorBody = { error: err.code };
      if (err.message !== err.code) {
        body.message = err.message;
      }
      if (err.fieldValidation) {
        body.field_validation = err.fieldValidation;
      }
      return reply.status(err.status).send(err.data ? { ...body, data: err.data } : body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? 'invalid_value',
      }));
      return reply.status(400).send({
        error: 'VALIDATION_ERROR',
        message: `Invalid ${err.validationContext ?? 'request'}`,
        field_validation: fieldValidationFrom(issues),
      } satisfies ErrorBody);
    }
    const pgErr = pgCause(err);
    if (pgErr?.code === '23505') {
      const known = pgErr.constraint ? UNIQUE_CONSTRAINTS[pgErr.constraint] : undefined;
      if (known) {
        return reply.status(409).send(known);
      }
    }
    if (pgErr?.code === '23P01' && pgErr.constraint === 'events_agent_no_overlap') {
      // Two bookings raced past the service's own check: the database refused the second.
      return reply.status(409).send({ error: 'calendar_event_error', message: 'overlapping_event', data: { error: 'overlapping_event' } });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals: malformed JSON, unsupported media type, body too large.
      const error = status === 429 ? 'IP blocked' : 'VALIDATION_ERROR';
      return reply.status(status).send({ error, message: err.message } satisfies ErrorBody);
    }
    if (isDatabaseUnavailable(err)) {
      // The database restarts or is down: a clear answer now, and the next request tries again on a
      // fresh connection (no restart of the API needed).
      request.log.warn({ error: loggableError(err) }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_S))
        .send({ error: 'SERVICE_UNAVAILABLE', message: 'Temporarily unavailable; try again in a few seconds.' } satisfies ErrorBody);
    }
    request.log.error({ error: loggableError(err) }, 'request failed');
    return reply.status(500).send({ error: 'INTERNAL_ERROR', message: `Internal error (request ${request.id})` } satisfies ErrorBody);
  });
}

export type PageHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** API paths answer a 404 body; any other GET is a page of the single-page app. */
export function registerNotFound(app: FastifyInstance, pages: PageHandler | undefined): void {
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = /^\/(api|auth|docs|ws|locales)(\/|$)/.test(request.url);
    if (pages && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return pages(request, reply);
    }
    return reply.status(404).send({ error: 'NOT_FOUND', message: `${request.method} ${request.url.split('?')[0]}` });
  });
}
