import { leadOutcomeContact, type ContactHistoryBody, type ContactHistoryDto, type LeadOutcomeInput } from '@bo/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';

/** Under the clients key, so every change to clients (here or in the list) reads the record again. */
const recordKey = (id: number) => ['clients', 'record', id] as const;

/** GET /api/user/{id}: the lead with its notes, contact and status history; the server checks the scope. */
export function useLeadRecord(id: number | undefined) {
  return useQuery({
    queryKey: recordKey(id ?? 0),
    queryFn: async () => (await api.get('/api/user/{id}', { path: { id: id ?? 0 } })).data,
    enabled: id !== undefined,
    retry: false,
  });
}

/** A check of the outcome that failed before anything was sent: the fields to mark. */
export class OutcomeInvalid extends Error {
  constructor(readonly fieldValidation: Record<string, string>) {
    super('invalid outcome');
  }
}

/** Logs how the call ended: one contact history entry that also sets the status the lead ends with. */
export function useRecordOutcome(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: LeadOutcomeInput): Promise<{ body: ContactHistoryBody; entry: ContactHistoryDto }> => {
      const check = leadOutcomeContact(input, new Date());
      if (!check.ok) {
        throw new OutcomeInvalid(check.fieldValidation);
      }
      const answer = await api.post('/api/clients/add-contact-history/{id}', { path: { id }, body: check.body });
      return { body: check.body, entry: answer.data };
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['clients'] }),
  });
}

/**
 * The next lead of the user's default list (B2C tab, the role's default statuses and presets, which the
 * server applies when the query names none), skipping the one just done. The list is read oldest change
 * first, like a queue: the lead just worked on moves to the back instead of coming round again.
 */
export function useNextLead() {
  return useMutation({
    mutationFn: async (doneId: number): Promise<number | null> => {
      const page = await api.get('/api/clients', { query: { tableName: 'b2c', limit: 2, orderBy: 'updated_at', orderMethod: 'asc' } });
      return page.data.find((row) => row.id !== doneId)?.id ?? null;
    },
  });
}
