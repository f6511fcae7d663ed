import type { CreateStaffBody, SignupMail } from '@bo/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type PathOf } from '../../app/api.ts';

const SIGNUP_MAIL_PATH = {
  signup: '/api/send-signup-mail/{id}',
  inner_signup: '/api/send-inner-signup-mail/{id}',
} as const satisfies Record<SignupMail, PathOf<'get'>>;

export function useCreateStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateStaffBody) => api.post('/api/staff', { body }),
    // The new user shows up in the accounts list.
    onSuccess: () => client.invalidateQueries({ queryKey: ['accounts'] }),
  });
}

export function useSendSignupMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, mail }: { userId: number; mail: SignupMail }) => api.get(SIGNUP_MAIL_PATH[mail], { path: { id: userId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['outbox'] }),
  });
}
