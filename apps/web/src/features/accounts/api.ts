import { withActiveChange, type AccountBody, type AccountDto, type AccountListDto, type ActiveChange, type RoleCode } from '@bo/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../app/http.ts';

export interface AccountsParams {
  role: RoleCode | '';
  status: '' | 'active' | 'blocked';
  search: string;
  limit: number;
  offset: number;
}

const LIST_KEY = ['accounts', 'list'] as const;
const oneKey = (id: number) => ['accounts', 'one', id] as const;

/** `enabled` waits for the table's saved layout (its page size) before the first request. */
export function useAccounts(params: AccountsParams, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...LIST_KEY, params],
    queryFn: () => {
      const query = new URLSearchParams({ limit: String(params.limit), offset: String(params.offset) });
      if (params.role) {
        query.set('roles', params.role);
      }
      if (params.status) {
        query.set('is_active', String(params.status === 'active'));
      }
      if (params.search) {
        query.set('search', params.search);
      }
      return http<AccountListDto>(`/api/accounts?${query.toString()}`);
    },
    placeholderData: keepPreviousData,
  });
}

export function useAccount(id: number) {
  return useQuery({
    queryKey: oneKey(id),
    queryFn: async () => (await http<{ data: AccountDto }>(`/api/account/${id}`)).data,
    // An address whose id is not a number names no account: no request.
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

export function useUpdateAccount(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountBody) => http<{ data: AccountDto }>(`/api/account/${id}`, { method: 'PUT', body }),
    onSuccess: ({ data }) => {
      client.setQueryData(oneKey(id), data);
      void client.invalidateQueries({ queryKey: LIST_KEY });
    },
  });
}

/** Block or unblock; the answer changes `is_active` of that row in every loaded page (spec 4). */
export function useSetBlocked() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, blocked }: { userId: number; blocked: boolean }) =>
      http<{ data: ActiveChange }>(`/api/${blocked ? 'block' : 'unblock'}-account/${userId}`),
    onSuccess: ({ data }) => {
      client.setQueriesData<AccountListDto>(
        { queryKey: LIST_KEY },
        (page) => page && { ...page, data: [...withActiveChange(page.data, data)] },
      );
      for (const [key, account] of client.getQueriesData<AccountDto>({ queryKey: ['accounts', 'one'] })) {
        if (account) {
          client.setQueryData(key, withActiveChange([account], data)[0]);
        }
      }
    },
  });
}
