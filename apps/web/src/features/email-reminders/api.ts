import type { EmailReminderTarget } from '@bo/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import type { DataTableQuery } from '../../ui/data-table/use-data-table.ts';

export const EMAIL_REMINDERS_KEY = ['email-reminders'] as const;

/** One page of the leads in the e-mail reminders, newest stage change first, of one stage or all. */
export function useEmailReminders(page: DataTableQuery, stage: EmailReminderTarget | undefined) {
  const query = { limit: page.limit, offset: page.offset, ...(stage ? { stage } : {}) };
  return useQuery({
    queryKey: [...EMAIL_REMINDERS_KEY, query],
    queryFn: () => api.get('/api/email-reminders-list', { query }),
    placeholderData: keepPreviousData,
  });
}

/** Moves the selected leads to a stage (writing that stage's mail once), or stops their reminders. */
export function useUpdateEmailReminders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: number[]; stage: EmailReminderTarget }) => api.post('/api/update-email-reminders', { body }),
    onSettled: () => client.invalidateQueries({ queryKey: EMAIL_REMINDERS_KEY }),
  });
}

/** The unsubscribe page's button. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) => api.post('/api/email-reminders/unsubscribe', { body: { token } }),
  });
}
