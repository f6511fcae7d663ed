import type { PartnerStatus } from '@bo/domain';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api.ts';

export const REFERRALS_KEY = ['referrals'] as const;

/** The user's referral link (made on first use). */
export function useReferralLink(userId: number | undefined) {
  return useQuery({
    queryKey: [...REFERRALS_KEY, 'link', userId],
    queryFn: async () => (await api.get('/api/setup-ref-link/{id}', { path: { id: userId! } })).data,
    enabled: userId !== undefined,
  });
}

/** The referral page opens: counts the visit and brings the form token (once per page). */
export function useOpenReferralForm() {
  return useMutation({
    mutationFn: async (code: string) => (await api.post('/api/referral-form/{code}', { path: { code } })).data,
  });
}

/** The link the visitor followed last (the referral cookie), for the page without a code. */
export function useLastReferralCode() {
  return useQuery({
    queryKey: [...REFERRALS_KEY, 'last-code'],
    queryFn: async () => (await api.get('/api/referral-code')).data.code,
  });
}

export type ReferralFormValues = {
  code: string;
  form_token: string;
  website: string;
  name: string;
  surname: string;
  phone: string;
  email: string;
  zipcode: string;
  city: string;
  locale: 'de' | 'en' | 'it' | 'ru';
  message?: string;
};

export function useSignUpAsLead() {
  return useMutation({ mutationFn: (body: ReferralFormValues) => api.post('/api/create-referral-client', { body }) });
}

export function useApplyAsAgent() {
  return useMutation({ mutationFn: (body: ReferralFormValues) => api.post('/api/referral-independent-agent', { body }) });
}

/** One page (50) of the people the partner referred, optionally of one partner status. */
export function usePartnerUsers(page: { limit: number; offset: number }, status: PartnerStatus | undefined) {
  const query = { limit: page.limit, offset: page.offset, ...(status ? { partner_status: status } : {}) };
  return useQuery({
    queryKey: [...REFERRALS_KEY, 'partner-users', query],
    queryFn: () => api.get('/api/partner-users', { query }),
    placeholderData: keepPreviousData,
  });
}

export function usePartnerStats() {
  return useQuery({
    queryKey: [...REFERRALS_KEY, 'partner-stats'],
    queryFn: async () => (await api.get('/api/stats/partner')).data,
  });
}

export function useIaReferrals() {
  return useQuery({
    queryKey: [...REFERRALS_KEY, 'ia-referrals'],
    queryFn: () => api.get('/api/ia-referrals'),
  });
}

/** One person the partner referred, for the partner lead flow. */
export function usePartnerUser(id: number) {
  return useQuery({
    queryKey: [...REFERRALS_KEY, 'partner-user', id],
    queryFn: async () => (await api.get('/api/partner-users/{id}', { path: { id } })).data,
  });
}
