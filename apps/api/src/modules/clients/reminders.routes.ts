import {
  emailRemindersListDto,
  emailRemindersQuery,
  unsubscribeAnswer,
  unsubscribeBody,
  updateEmailRemindersAnswer,
  updateEmailRemindersBody,
} from '@bo/domain';
import { actorOf } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import { emailRemindersPage, unsubscribeFromReminders, updateEmailReminders, type RemindersDeps } from './reminders.service.ts';

const MANAGE = { access: { permission: 'reminders.manage' as const } };

/** The e-mail reminders (spec 7 "email-reminders-list", "update-email-reminders") and their unsubscribe link. */
export function emailReminderRoutes(app: App, deps: RemindersDeps): void {
  const tags = ['email reminders'];
  app.get(
    '/api/email-reminders-list',
    {
      config: MANAGE,
      schema: {
        summary: 'List the leads in the e-mail reminders, by stage',
        tags,
        querystring: emailRemindersQuery,
        response: { 200: emailRemindersListDto },
      },
    },
    async (request) => emailRemindersPage(deps.db, actorOf(request), request.query),
  );
  app.post(
    '/api/update-email-reminders',
    {
      config: MANAGE,
      schema: {
        summary: 'Move the selected leads to a reminder stage, or stop their reminders',
        tags,
        body: updateEmailRemindersBody,
        response: { 200: updateEmailRemindersAnswer },
      },
    },
    async (request) => updateEmailReminders(deps, actorOf(request), request.body),
  );
  // Public: the link of a reminder mail opens a page of the app whose button posts here (from the
  // app's own origin, like every change); the random token is the only key, and it is never logged.
  app.post(
    '/api/email-reminders/unsubscribe',
    {
      config: { access: { public: true } },
      schema: {
        summary: 'Stop the e-mail reminders of the client the unsubscribe link was made for',
        tags,
        body: unsubscribeBody,
        response: { 200: unsubscribeAnswer },
      },
    },
    async (request) => unsubscribeFromReminders(deps.db, request.body.token),
  );
}
