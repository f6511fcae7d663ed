import type { CurrentUserDto, EditCurrentBody, LoginBody } from '@bo/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from './api.ts';
import { HttpError } from './http-error.ts';

export const CURRENT_USER_KEY = ['auth', 'current'] as const;

/** The signed-in user, or null when there is no session. */
export function useCurrentUser() {
  return useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: async (): Promise<CurrentUserDto | null> => {
      try {
        return (await api.get('/auth/current')).data;
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

/** Set while the user signs out on purpose: the sign-in page then takes them to their dashboard, not back here. */
let signingOut = false;

function useSetCurrent() {
  const client = useQueryClient();
  return (user: CurrentUserDto | null) => {
    if (user) {
      signingOut = false;
    }
    client.setQueryData(CURRENT_USER_KEY, user);
  };
}

/** Whether the missing session is a sign-out the user asked for (rather than one that expired). */
export function isSigningOut(): boolean {
  return signingOut;
}

export function useLogin() {
  const setCurrent = useSetCurrent();
  return useMutation({
    mutationFn: (body: LoginBody) => api.post('/auth/login', { body }),
    onSuccess: (answer) => setCurrent(answer.data),
  });
}

/** Signs out and lands on the sign-in page, without a way back to the page the user left. */
export function useLogout() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => {
      signingOut = true;
      return api.get('/auth/logout');
    },
    onSettled: () => {
      client.clear();
      client.setQueryData(CURRENT_USER_KEY, null);
      void navigate('/login', { replace: true });
    },
  });
}

export function useEditProfile() {
  const setCurrent = useSetCurrent();
  return useMutation({
    mutationFn: (body: EditCurrentBody) => api.put('/auth/edit-current', { body }),
    onSuccess: (answer) => setCurrent(answer.data),
  });
}

export function useLoginBack() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.get('/auth/login-back'),
    onSuccess: (answer) => {
      client.clear();
      client.setQueryData(CURRENT_USER_KEY, answer.data);
    },
  });
}
