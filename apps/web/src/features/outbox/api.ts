import { isOneOf, SMS_STATUSES, SMS_TYPES, type SmsStatus, type SmsType } from '@bo/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import type { DataTableQuery } from '../../ui/data-table/use-data-table.ts';

/** Also invalidated by the staff screens after they mail an invitation. */
export const MAIL_OUTBOX_KEY = ['outbox'] as const;
export const SMS_OUTBOX_KEY = ['sms-outbox'] as const;

/** One page of the mail outbox, filtered by recipient. */
export function useMailOutbox(page: DataTableQuery) {
  const query = { limit: page.limit, offset: page.offset, to: page.filters.to || undefined };
  return useQuery({
    queryKey: [...MAIL_OUTBOX_KEY, query],
    queryFn: () => api.get('/api/outbox', { query }),
    placeholderData: keepPreviousData,
  });
}

/** The SMS filters a saved layout may hold; a value the server would refuse is left out. */
export function smsFilters(filters: Record<string, string>): { status?: SmsStatus; type?: SmsType } {
  return {
    ...(isOneOf<SmsStatus>(SMS_STATUSES, filters.status) ? { status: filters.status } : {}),
    ...(isOneOf<SmsType>(SMS_TYPES, filters.type) ? { type: filters.type } : {}),
  };
}

/**
 * One page of the SMS outbox, newest first, filtered by status and type; `deadLetters`: only the messages
 * the outbox gave up on (the "failed" tab).
 */
export function useSmsOutbox(page: DataTableQuery, deadLetters = false) {
  const query = {
    limit: page.limit,
    offset: page.offset,
    ...smsFilters(page.filters),
    ...(deadLetters ? { dead_letter: 'true' as const } : {}),
  };
  return useQuery({
    queryKey: [...SMS_OUTBOX_KEY, query],
    queryFn: () => api.get('/api/sms-outbox', { query }),
    placeholderData: keepPreviousData,
  });
}

/** Sends a message of the dead-letter list again; the lists show it planned. */
export function useRetrySms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post('/api/sms-outbox/{id}/retry', { path: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: SMS_OUTBOX_KEY }),
  });
}

/** Sends a mail that failed for good again; the list shows it waiting. */
export function useRetryMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post('/api/outbox/{id}/retry', { path: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: MAIL_OUTBOX_KEY }),
  });
}
