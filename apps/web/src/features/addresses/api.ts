import type { AddressAcceptBody, AddressCheckInput } from '@bo/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import { CLIENTS_KEY } from '../clients/api.ts';

/** POST /api/address-validation: the verdict on spec 3's input. */
export function useValidateAddress() {
  return useMutation({
    mutationFn: async (input: AddressCheckInput) => (await api.post('/api/address-validation', { body: input })).data,
  });
}

/** POST /api/address-validation/accept: the client takes the corrected address; the client's record and lists are read again. */
export function useAcceptAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: AddressAcceptBody) => (await api.post('/api/address-validation/accept', { body })).data,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: CLIENTS_KEY });
    },
  });
}
