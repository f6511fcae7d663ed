import type { CurrentUserDto, EditCurrentBody, LoginBody } from '@bo/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, HttpError } from './http.ts';

export const CURRENT_USER_KEY = ['auth', 'current'] as const;

/** The signed-in user, or null when there is no session. */
export function useCurrentUser() {
  return useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: async (): Promise<CurrentUserDto | null> => {
      try {
        return (await http<{ data: CurrentUserDto }>('/auth/current')).data;
      } catch (err) {
        if (err instanceof HttpError && err.status === 401) {
          return null;
        }
        throw err;
      }
    },
    staleTime: 60_000,
    retry: false,
  });
}

function useSetCurrent() {
  const client = useQueryClient();
  return (user: CurrentUserDto | null) => client.setQueryData(CURRENT_USER_KEY, user);
}

export function useLogin() {
  const setCurrent = useSetCurrent();
  return useMutation({
    mutationFn: (body: LoginBody) => http<{ data: CurrentUserDto }>('/auth/login', { method: 'POST', body }),
    onSuccess: (answer) => setCurrent(answer.data),
  });
}

export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => http('/auth/logout'),
    onSettled: () => {
      client.clear();
      client.setQueryData(CURRENT_USER_KEY, null);
    },
  });
}

export function useEditProfile() {
  const setCurrent = useSetCurrent();
  return useMutation({
    mutationFn: (body: EditCurrentBody) => http<{ data: CurrentUserDto }>('/auth/edit-current', { method: 'PUT', body }),
    onSuccess: (answer) => setCurrent(answer.data),
  });
}

export function useLoginBack() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => http<{ data: CurrentUserDto }>('/auth/login-back'),
    onSuccess: (answer) => {
      client.clear();
      client.setQueryData(CURRENT_USER_KEY, answer.data);
    },
  });
}
