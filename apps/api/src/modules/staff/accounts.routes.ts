import {
  accountAnswer,
  accountBody,
  accountListDto,
  accountsQuery,
  idParams,
  userAccessibilityBody,
  userWithAccountListDto,
} from '@bo/domain';
import { z } from 'zod';
import { actorOf, meta } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import { setBlocked, type AuthDeps } from '../auth/index.ts';
import { accountsPage, getAccount, setUserAccessibility, updateAccount, usersWithAccountsPage } from './accounts.service.ts';

const answer = z.object({ data: z.object({ id: z.number(), is_active: z.boolean() }) });
const BLOCK = { access: { permission: 'accounts.block' as const }, changesState: true as const };
const MANAGE = { access: { permission: 'accounts.manage' as const } };

export function accountRoutes(app: App, deps: AuthDeps): void {
  const tags = ['accounts'];
  app.get(
    '/api/block-account/:id',
    { config: BLOCK, schema: { summary: "Block a user's account", tags, params: idParams, response: { 200: answer } } },
    async (request) => ({
      data: await setBlocked(deps, actorOf(request), request.params.id, true, meta(request)),
    }),
  );
  app.get(
    '/api/unblock-account/:id',
    { config: BLOCK, schema: { summary: "Unblock a user's account", tags, params: idParams, response: { 200: answer } } },
    async (request) => ({
      data: await setBlocked(deps, actorOf(request), request.params.id, false, meta(request)),
    }),
  );

  app.get(
    '/api/accounts',
    { config: MANAGE, schema: { summary: 'List the staff accounts', tags, querystring: accountsQuery, response: { 200: accountListDto } } },
    async (request) => accountsPage(deps.db, actorOf(request), request.query),
  );
  app.get(
    '/api/users-with-accounts',
    {
      config: MANAGE,
      schema: {
        summary: 'List the users with their accounts',
        tags,
        querystring: accountsQuery,
        response: { 200: userWithAccountListDto },
      },
    },
    async (request) => usersWithAccountsPage(deps.db, request.query),
  );
  // Not in spec section 7, which lists only PUT: the edit page reads the account it edits after a reload.
  app.get(
    '/api/account/:id',
    { config: MANAGE, schema: { summary: 'Get a staff account', tags, params: idParams, response: { 200: accountAnswer } } },
    async (request) => ({
      data: await getAccount(deps.db, actorOf(request), request.params.id),
    }),
  );
  app.put(
    '/api/account/:id',
    {
      config: MANAGE,
      schema: { summary: 'Change a staff account', tags, params: idParams, body: accountBody, response: { 200: accountAnswer } },
    },
    async (request) => {
      const data = await updateAccount(deps.db, actorOf(request), request.params.id, request.body, meta(request));
      await deps.onScopeChanged?.({ userId: data.user.id, role: data.user.role.code });
      return { data };
    },
  );
  app.post(
    '/api/user-accessibility',
    {
      config: MANAGE,
      schema: { summary: "Set a staff user's access to clients", tags, body: userAccessibilityBody, response: { 200: accountAnswer } },
    },
    async (request) => {
      const data = await setUserAccessibility(deps.db, actorOf(request), request.body, meta(request));
      // The user's live connections hear from now on what the new access lets them see.
      await deps.onScopeChanged?.({ userId: data.user.id, role: data.user.role.code });
      return { data };
    },
  );
}
