import { withActiveChange, type AccountBody, type AccountDto, type AccountListDto, type STAFF_ROLE_CODES } from '@bo/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';

export interface AccountsParams {
  role: (typeof STAFF_ROLE_CODES)[number] | '';
  status: '' | 'active' | 'blocked';
  search: string;
  limit: number;
  offset: number;
}

const LIST_KEY = ['accounts', 'list'] as const;
const oneKey = (id: number) => ['accounts', 'one', id] as const;

export function useAccounts(params: AccountsParams) {
  return useQuery({
    queryKey: [...LIST_KEY, params],
    queryFn: () =>
      api.get('/api/accounts', {
        query: {
          limit: params.limit,
          offset: params.offset,
          roles: params.role ? [params.role] : undefined,
          is_active: params.status ? (params.status === 'active' ? 'true' : 'false') : undefined,
          search: params.search || undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAccount(id: number) {
  return useQuery({
    queryKey: oneKey(id),
    queryFn: async () => (await api.get('/api/account/{id}', { path: { id } })).data,
    // An address whose id is not a number names no account: no request.
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

export function useUpdateAccount(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountBody) => api.put('/api/account/{id}', { path: { id }, body }),
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
      api.get(blocked ? '/api/block-account/{id}' : '/api/unblock-account/{id}', { path: { id: userId } }),
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
