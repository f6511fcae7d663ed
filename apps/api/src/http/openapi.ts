import { ERROR_STATUS, VALIDATION_KEYS } from '@bo/domain';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from './session.ts';

/*
 * The OpenAPI document (served at /docs, and the source of the browser's typed client): every
 * operation gets an operationId from its method and path, the session-cookie security unless it is
 * public, and the error answers it can give, in the one error shape of spec section 8.
 */

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type TransformOutput = ReturnType<typeof jsonSchemaTransform>;

const ERROR_REF = { $ref: '#/components/schemas/ErrorBody' };
const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: ERROR_REF } } });

/** `GET /api/clients/nested-tabs-data/:id` → `getApiClientsNestedTabsDataById`. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((part) => part.length > 0)
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part))
    .flatMap((part) => part.split(/[^A-Za-z0-9]+/))
    .filter((word) => word.length > 0);
  // The spec names some lists with and without a trailing slash; both are served.
  const slash = url.length > 1 && url.endsWith('/') ? 'WithSlash' : '';
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1)), slash].join('');
}

export function openApiTransform(input: TransformInput): TransformOutput {
  const out = jsonSchemaTransform(input);
  const { route, url } = input;
  const method = Array.isArray(route.method) ? String(route.method[0]) : String(route.method);
  const access = route.config?.access;
  const isPublic = access !== undefined && 'public' in access;
  const schema = out.schema as Record<string, unknown> & { response?: Record<string, unknown> };
  const responses: Record<string, unknown> = { ...schema.response };
  const takesInput = Boolean(route.schema?.body ?? route.schema?.querystring ?? route.schema?.params);
  if (takesInput) {
    responses['400'] ??= errorAnswer('Invalid input: `error` is VALIDATION_ERROR, `field_validation` names the fields.');
  }
  if (!isPublic) {
    responses['401'] ??= errorAnswer('No session, or the session has ended (`unauthorized`).');
    responses['403'] ??= errorAnswer('The role may not call this, or the record is outside its scope (`Not allowed.`).');
  }
  if (url.includes(':')) {
    responses['404'] ??= errorAnswer('No such record.');
  }
  if (method !== 'GET') {
    responses['409'] ??= errorAnswer('The record stands against the change (a duplicate, a state that does not allow it).');
  }
  return {
    ...out,
    schema: {
      ...schema,
      operationId: operationIdOf(method, url),
      security: isPublic ? [] : [{ session: [] }],
      response: responses,
    },
  };
}

/** The document-wide parts: the session cookie, the error shape, the server. */
export const openApiDocument = (title: string, version: string) => ({
  openapi: '3.0.3',
  info: {
    title,
    description: 'The HTTP API of the back office (spec section 7). Sign in with POST /auth/login; the session travels in a cookie.',
    version,
  },
  servers: [{ url: '/' }],
  components: {
    securitySchemes: { session: { type: 'apiKey' as const, in: 'cookie' as const, name: SESSION_COOKIE } },
    schemas: {
      ErrorBody: {
        type: 'object' as const,
        required: ['error'],
        properties: {
          error: { type: 'string' as const, enum: Object.keys(ERROR_STATUS) },
          message: { type: 'string' as const },
          field_validation: { type: 'object' as const, additionalProperties: { type: 'string' as const, enum: [...VALIDATION_KEYS] } },
          data: { type: 'object' as const, additionalProperties: true },
        },
      },
    },
  },
});
