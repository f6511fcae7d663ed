import type { RouteAccess } from '@bo/domain';
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Actor } from '../modules/auth/service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; every route must declare it (checked by a test). */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
