import { idParams, pageQuery } from '@bo/domain';
import { z } from 'zod';
import { actorOf } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import { callLogDto } from './dto.ts';
import { attachCall, availabilityOf, callLogPage, simulateCall, type TelephonyDeps } from './service.ts';

const CALLS = { access: { permission: 'clients.call' as const } };
/** The simulator is the admin's: it acts in any agent's name (the permission that manages telephony settings). */
const SIMULATE = { access: { permission: 'accounts.manage' as const } };

const logsQuery = pageQuery.extend({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** An admin reads another staff user's log: their user id. */
  accountId: z.coerce.number().int().positive('invalid_value').max(2_147_483_647, 'invalid_value').optional(),
});

const simulateBody = z.object({
  /** The staff user whose call it is (their account's telephony user id is used). */
  agentId: z.number().int().positive('invalid_value').max(2_147_483_647, 'invalid_value'),
  direction: z.enum(['inbound', 'outbound']),
  /** The other party's number, in any writing. */
  number: z.string().trim().min(3, 'invalid_phone').max(40, 'invalid_phone'),
  step: z.enum(['ring', 'answer', 'hangup', 'end']),
  /** The call a later step belongs to (as answered by the step that created it). */
  callId: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z_-]{1,64}$/, 'invalid_value')
    .optional(),
  /** Seconds, for hangup and end. */
  duration: z.number().int().min(0, 'invalid_value').max(86_400, 'invalid_value').optional(),
});

export function telephonyRoutes(app: App, deps: TelephonyDeps): void {
  const tags = ['telephony'];
  app.get(
    '/api/account/aircall-logs',
    {
      config: CALLS,
      schema: {
        summary: 'List the calls of the signed-in account (an admin: of any account), newest first',
        tags,
        querystring: logsQuery,
        response: { 200: z.object({ data: z.array(callLogDto), total: z.number(), limit: z.number(), offset: z.number() }) },
      },
    },
    async (request) => callLogPage(deps.db, actorOf(request), request.query),
  );
  app.get(
    '/api/account/aircall-status',
    {
      config: CALLS,
      schema: {
        summary: "The signed-in agent's availability at the telephony provider, as last reported",
        tags,
        response: { 200: z.object({ data: z.object({ available: z.boolean().nullable(), updatedAt: z.string().nullable() }) }) },
      },
    },
    async (request) => ({ data: await availabilityOf(deps.db, actorOf(request)) }),
  );
  app.post(
    '/api/account/aircall-logs/:id/attach',
    {
      config: CALLS,
      schema: {
        summary: 'Attach an own call that matched no client to a client of the own scope',
        tags,
        params: idParams,
        body: z.object({ clientId: z.number().int().positive('invalid_value').max(2_147_483_647, 'invalid_value') }),
        response: { 200: z.object({ data: callLogDto }) },
      },
    },
    async (request) => ({ data: await attachCall(deps, actorOf(request), request.params.id, request.body.clientId) }),
  );
  app.post(
    '/api/telephony/simulate',
    {
      config: SIMULATE,
      schema: {
        summary: "Simulate a step of an agent's call through the telephony webhook's path (without a provider)",
        tags,
        body: simulateBody,
        response: { 200: z.object({ callId: z.string() }) },
      },
    },
    async (request) => simulateCall(deps, request.body),
  );
}
