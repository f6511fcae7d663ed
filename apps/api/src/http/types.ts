import type { RouteAccess } from '@bo/domain';
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Actor } from '../core/actor.ts';
import type { StateChange } from './origin.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; every route must declare it (checked by a test). */
    access?: RouteAccess;
    /**
     * A GET that changes something declares it here, so that only the app's own pages may call it
     * (every POST, PUT, PATCH and DELETE is checked anyway); a test finds GETs that write without it.
     */
    changesState?: StateChange;
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
