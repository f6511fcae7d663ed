import type { CreatedStaffDto, CreateStaffBody, SignupMail, SignupMailAnswer } from '@bo/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../app/http.ts';

const SIGNUP_MAIL_PATH: Record<SignupMail, string> = {
  signup: '/api/send-signup-mail',
  inner_signup: '/api/send-inner-signup-mail',
};

export function useCreateStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateStaffBody) => http<{ data: CreatedStaffDto }>('/api/staff', { method: 'POST', body }),
    // The new user shows up in the accounts list.
    onSuccess: () => client.invalidateQueries({ queryKey: ['accounts'] }),
  });
}

export function useSendSignupMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, mail }: { userId: number; mail: SignupMail }) => http<SignupMailAnswer>(`${SIGNUP_MAIL_PATH[mail]}/${userId}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['outbox'] }),
  });
}
