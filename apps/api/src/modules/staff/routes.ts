import {
  agentListDto,
  agentsQuery,
  createdStaffAnswer,
  createStaffBody,
  idParams,
  plainUserListDto,
  plainUsersQuery,
  salesAgentUserListDto,
  signupMailAnswer,
  userListDto,
  usersQuery,
} from '@bo/domain';
import { actorOf, meta } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import type { AuthDeps } from '../auth/index.ts';
import { agentsPage, createStaff, plainUsersPage, salesAgentUsersPage, sendSignupMail, usersPage } from './service.ts';

const CREATE = { access: { permission: 'staff.create' as const } };
const USERS = { access: { permission: 'users.read' as const } };
const AGENTS = { access: { permission: 'agents.read' as const } };

/**
 * Staff users: creating them with their signup mails, and the user lists. `POST /api/user` of spec
 * section 7 is the generic user (client) creation of the clients area; staff are created here, by
 * `POST /api/staff`, which also opens their account.
 */
export function staffRoutes(app: App, deps: AuthDeps): void {
  const tags = ['staff'];
  app.post(
    '/api/staff',
    { config: CREATE, schema: { summary: 'Create a staff user', tags, body: createStaffBody, response: { 201: createdStaffAnswer } } },
    async (request, reply) => {
      const data = await createStaff(deps, actorOf(request), request.body, meta(request));
      return reply.status(201).send({ data });
    },
  );
  app.get(
    '/api/send-signup-mail/:id',
    {
      config: { ...CREATE, changesState: true },
      schema: { summary: 'Send a user the signup mail', tags, params: idParams, response: { 200: signupMailAnswer } },
    },
    async (request) => ({ data: await sendSignupMail(deps, actorOf(request), request.params.id, 'signup', meta(request)) }),
  );
  app.get(
    '/api/send-inner-signup-mail/:id',
    {
      config: { ...CREATE, changesState: true },
      schema: { summary: 'Send a user the inner signup mail', tags, params: idParams, response: { 200: signupMailAnswer } },
    },
    async (request) => ({ data: await sendSignupMail(deps, actorOf(request), request.params.id, 'inner_signup', meta(request)) }),
  );

  app.get(
    '/api/users',
    { config: USERS, schema: { summary: 'List the users', tags, querystring: usersQuery, response: { 200: userListDto } } },
    async (request) => usersPage(deps.db, request.query),
  );
  app.get(
    '/api/plain-users',
    {
      config: USERS,
      schema: { summary: 'List the users in short', tags, querystring: plainUsersQuery, response: { 200: plainUserListDto } },
    },
    async (request) => plainUsersPage(deps.db, request.query),
  );
  app.get(
    '/api/sales-agent-users',
    {
      config: AGENTS,
      schema: {
        summary: 'List the users who can perform presentations',
        tags,
        querystring: agentsQuery,
        response: { 200: salesAgentUserListDto },
      },
    },
    async (request) => salesAgentUsersPage(deps.db, request.query),
  );
  app.get(
    '/api/sales-agents',
    { config: AGENTS, schema: { summary: 'List the sales agents', tags, querystring: agentsQuery, response: { 200: agentListDto } } },
    async (request) => agentsPage(deps.db, 'sales_agent', request.query),
  );
  app.get(
    '/api/call-agents',
    { config: AGENTS, schema: { summary: 'List the call agents', tags, querystring: agentsQuery, response: { 200: agentListDto } } },
    async (request) => agentsPage(deps.db, 'call_agent', request.query),
  );
}
