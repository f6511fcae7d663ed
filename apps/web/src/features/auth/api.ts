import type { CurrentUserDto, SignupBody } from '@bo/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import { CURRENT_USER_KEY } from '../../app/session.ts';

/** Registers a client with the mailed code, or completes a staff invitation (`hash`); the new session is the current user. */
export function useSignup(onSignedUp: (user: CurrentUserDto) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SignupBody) => api.post('/auth/signup', { body }),
    onSuccess: ({ data }) => {
      client.setQueryData(CURRENT_USER_KEY, data);
      onSignedUp(data);
    },
  });
}

/** Mails the signup code to the address. */
export function useSendCode() {
  return useMutation({ mutationFn: (body: { email: string }) => api.post('/auth/send-code', { body }) });
}

/** Mails a link to choose a new password. */
export function useRecoveryEmail() {
  return useMutation({ mutationFn: (body: { email: string }) => api.post('/auth/recovery-email', { body }) });
}

/** Sets the new password of the mailed link's `hash`. */
export function useResetPassword() {
  return useMutation({ mutationFn: (body: { hash: string; password: string }) => api.post('/auth/reset-password', { body }) });
}
