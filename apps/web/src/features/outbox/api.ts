import { isOneOf, SMS_STATUSES, SMS_TYPES, type OutboxMessageDto, type SmsDto, type SmsStatus, type SmsType } from '@bo/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../app/http.ts';
import type { DataTableQuery } from '../../ui/data-table/use-data-table.ts';

interface Page<T> {
  data: T[];
  total: number;
  limit: number;
  offset: number;
}

/** Also invalidated by the staff screens after they mail an invitation. */
export const MAIL_OUTBOX_KEY = ['outbox'] as const;
export const SMS_OUTBOX_KEY = ['sms-outbox'] as const;

/** One page of the mail outbox, filtered by recipient. */
export function useMailOutbox(page: DataTableQuery, enabled: boolean) {
  const params = new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) });
  if (page.filters.to) {
    params.set('to', page.filters.to);
  }
  const search = params.toString();
  return useQuery({
    queryKey: [...MAIL_OUTBOX_KEY, search],
    queryFn: () => http<Page<OutboxMessageDto>>(`/api/outbox?${search}`),
    enabled,
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
export function useSmsOutbox(page: DataTableQuery, enabled: boolean) {
  const params = new URLSearchParams({ limit: String(page.limit), offset: String(page.offset), ...smsFilters(page.filters) });
  const search = params.toString();
  return useQuery({
    queryKey: [...SMS_OUTBOX_KEY, search],
    queryFn: () => http<Page<SmsDto>>(`/api/sms-outbox?${search}`),
    enabled,
    placeholderData: keepPreviousData,
  });
}
