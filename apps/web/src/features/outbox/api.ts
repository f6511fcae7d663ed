import { isOneOf, SMS_STATUSES, SMS_TYPES, type SmsStatus, type SmsType } from '@bo/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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

/** One page of the SMS outbox, newest first, filtered by status and type. */
export function useSmsOutbox(page: DataTableQuery) {
  const query = { limit: page.limit, offset: page.offset, ...smsFilters(page.filters) };
  return useQuery({
    queryKey: [...SMS_OUTBOX_KEY, query],
    queryFn: () => api.get('/api/sms-outbox', { query }),
    placeholderData: keepPreviousData,
  });
}
