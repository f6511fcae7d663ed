import {
  currentUserDto,
  editCurrentBody,
  idParams,
  LANGUAGE_COOKIE,
  loginBody,
  okDto,
  recoveryEmailBody,
  resetPasswordBody,
  sendCodeBody,
  signupBody,
  toLanguage,
} from '@bo/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf, clearSessionCookie, meta, setSessionCookie } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import * as auth from './service.ts';

const userAnswer = z.object({ data: currentUserDto });
const PUBLIC = { access: { public: true as const } };
const SELF = { access: { permission: 'profile.self' as const } };

function requestLocale(request: FastifyRequest): string | undefined {
  const accept = request.headers['accept-language']?.split(',')[0];
  return toLanguage(request.cookies[LANGUAGE_COOKIE]) ?? toLanguage(accept);
}

export function authRoutes(app: App, deps: auth.AuthDeps): void {
  const tags = ['auth'];

  app.post(
    '/auth/login',
    { config: PUBLIC, schema: { summary: 'Sign in with e-mail and password', tags, body: loginBody, response: { 200: userAnswer } } },
    async (request, reply) => {
      const { token, user } = await auth.login(deps, request.body, meta(request));
      setSessionCookie(reply, deps.config, token);
      return { data: user };
    },
  );

  // Signing out from a bookmark or a typed address is what the user asked for; from another site it is refused.
  app.get(
    '/auth/logout',
    {
      config: { ...SELF, changesState: 'bookmark' },
      schema: { summary: 'Sign out of the current session', tags, response: { 200: okDto } },
    },
    async (request, reply) => {
      await auth.logout(deps, actorOf(request), meta(request));
      clearSessionCookie(reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/auth/current',
    { config: SELF, schema: { summary: 'Get the signed-in user', tags, response: { 200: userAnswer } } },
    async (request) => ({
      data: await auth.current(deps, actorOf(request)),
    }),
  );

  app.put(
    '/auth/edit-current',
    { config: SELF, schema: { summary: "Edit the signed-in user's profile", tags, body: editCurrentBody, response: { 200: userAnswer } } },
    async (request) => ({
      data: await auth.editCurrent(deps, actorOf(request), request.body, meta(request)),
    }),
  );

  app.post(
    '/auth/send-code',
    { config: PUBLIC, schema: { summary: 'Send a confirmation code for signing up', tags, body: sendCodeBody, response: { 200: okDto } } },
    async (request) => {
      await auth.sendCode(deps, request.body.email, requestLocale(request), meta(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/auth/signup',
    {
      config: PUBLIC,
      schema: { summary: 'Sign up with a code or an invitation link', tags, body: signupBody, response: { 200: userAnswer } },
    },
    async (request, reply) => {
      const { token, user } = await auth.signup(deps, request.body, meta(request), requestLocale(request));
      setSessionCookie(reply, deps.config, token);
      return { data: user };
    },
  );

  app.post(
    '/auth/recovery-email',
    { config: PUBLIC, schema: { summary: 'Send a password recovery link', tags, body: recoveryEmailBody, response: { 200: okDto } } },
    async (request) => {
      await auth.recoveryEmail(deps, request.body.email, meta(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: PUBLIC,
      schema: { summary: 'Choose a new password with a recovery link', tags, body: resetPasswordBody, response: { 200: okDto } },
    },
    async (request) => {
      await auth.resetPassword(deps, request.body.hash, request.body.password, meta(request));
      return { ok: true as const };
    },
  );

  app.get(
    '/auth/login-by/:id',
    {
      config: { access: { permission: 'auth.loginBy' }, changesState: true },
      schema: { summary: 'Sign in as another user', tags, params: idParams, response: { 200: userAnswer } },
    },
    async (request, reply) => {
      const { token, user } = await auth.loginBy(deps, actorOf(request), request.params.id, meta(request));
      setSessionCookie(reply, deps.config, token);
      return { data: user };
    },
  );

  // The way back from login-by; open to every role because the admin is signed in as someone else.
  app.get(
    '/auth/login-back',
    {
      config: { ...SELF, changesState: true },
      schema: { summary: 'Return to the own account after signing in as another user', tags, response: { 200: userAnswer } },
    },
    async (request, reply) => {
      const { token, user } = await auth.loginBack(deps, actorOf(request), meta(request));
      setSessionCookie(reply, deps.config, token);
      return { data: user };
    },
  );
}
