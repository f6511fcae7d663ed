import type {
  ClientBody,
  ClientRecordDto,
  ClientUpdateBody,
  ContactHistoryBody,
  DuplicateCheckBody,
  DuplicateDto,
  SubUserBody,
  UserInfoDto,
} from '@bo/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import { HttpError } from '../../app/http-error.ts';
import { CLIENTS_KEY } from '../clients/api.ts';

const recordKey = (id: number) => [...CLIENTS_KEY, 'record', id] as const;

/** GET /api/user/{id}: the client with its histories, notes and second person. */
export function useClientRecord(id: number) {
  return useQuery({
    queryKey: recordKey(id),
    queryFn: async () => (await api.get('/api/user/{id}', { path: { id } })).data,
    enabled: Number.isInteger(id) && id > 0,
    // A client outside the caller's scope answers 404: asking again does not change that.
    retry: (count, err) => !(err instanceof HttpError && err.status < 500) && count < 2,
  });
}

/** After a change to one client: its record is replaced, every list is read again. */
function useRecordMutation<A, R>(id: number, call: (args: A) => Promise<R>, onRecord?: (answer: R) => ClientRecordDto | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (answer) => {
      const record = onRecord?.(answer);
      if (record) {
        client.setQueryData(recordKey(id), record);
      }
      await client.invalidateQueries({ queryKey: CLIENTS_KEY, refetchType: 'active' });
    },
  });
}

/**
 * Saves the page's draft: the changed client fields (PUT /api/user/{id}), then the second person
 * (POST or DELETE /api/sub-user/{id}); answers the record as it is afterwards.
 */
export function useSaveClient(id: number) {
  return useRecordMutation(
    id,
    async ({
      body,
      subUser,
    }: {
      body: ClientUpdateBody;
      subUser: { kind: 'none' } | { kind: 'remove' } | { kind: 'set'; body: SubUserBody };
    }) => {
      let record: ClientRecordDto | undefined;
      if (Object.keys(body).length > 0) {
        record = (await api.put('/api/user/{id}', { path: { id }, body })).data;
      }
      if (subUser.kind === 'set') {
        await api.post('/api/sub-user/{id}', { path: { id }, body: subUser.body }).catch((err: unknown) => {
          throw new SubUserError(err);
        });
      } else if (subUser.kind === 'remove') {
        await api.delete('/api/sub-user/{id}', { path: { id } });
      }
      if (subUser.kind !== 'none' || !record) {
        record = (await api.get('/api/user/{id}', { path: { id } })).data;
      }
      return record;
    },
    (record) => record,
  );
}

/** A refusal of the second person's data: its field errors belong to `sub_user.<field>`. */
export class SubUserError extends Error {
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : 'sub-user');
  }
}

export function useAddContact(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactHistoryBody) => api.post('/api/clients/add-contact-history/{id}', { path: { id }, body }),
    // The status it ended with changes the client and its status history: read the record again.
    onSuccess: () => client.invalidateQueries({ queryKey: CLIENTS_KEY }),
  });
}

/** Closes an open recall of the contact history (the entry stays, marked done). */
export function useCloseRecall() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (entryId: number) =>
      api.post('/api/clients/edit-contact-history/{id}', { path: { id: entryId }, body: { recall_done: true } }),
    // The client's next recall changes with it.
    onSuccess: () => client.invalidateQueries({ queryKey: CLIENTS_KEY }),
  });
}

/** Changes the comment of a contact history entry (spec 7 edit-contact-history). */
export function useEditContactComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, comment }: { entryId: number; comment: string }) =>
      api.post('/api/clients/edit-contact-history/{id}', { path: { id: entryId }, body: { comment } }),
    onSuccess: () => client.invalidateQueries({ queryKey: CLIENTS_KEY }),
  });
}

export function useUpdateLinkedAgent(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (agentId: number | null) =>
      api.post('/api/clients/update-linked-agents/{id}', { path: { id }, body: { agent_id: agentId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: CLIENTS_KEY }),
  });
}

/** Notes (the comments tab): each change answers the whole list, which replaces the record's. */
export function useNoteActions(id: number) {
  const client = useQueryClient();
  const replace = (notes: UserInfoDto[]) => {
    client.setQueryData<ClientRecordDto>(recordKey(id), (old) => (old ? { ...old, user_info: notes } : old));
  };
  const add = useMutation({
    mutationFn: async (text: string) => (await api.post('/api/user-info/{id}', { path: { id }, body: { text } })).data,
    onSuccess: replace,
  });
  const change = useMutation({
    mutationFn: async ({ noteId, text }: { noteId: number; text: string }) =>
      (await api.put('/api/clients/update-user-info/{id}', { path: { id: noteId }, body: { text } })).data,
    onSuccess: replace,
  });
  const remove = useMutation({
    mutationFn: async (noteId: number) => (await api.delete('/api/user-info/{id}', { path: { id }, body: { info_id: noteId } })).data,
    onSuccess: replace,
  });
  return { add, change, remove };
}

export function useCreateClient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ClientBody) => (await api.post('/api/user', { body })).data,
    onSuccess: (record) => {
      client.setQueryData(recordKey(record.id), record);
      return client.invalidateQueries({ queryKey: CLIENTS_KEY, refetchType: 'active' });
    },
  });
}

/** GET /api/user-check-email/{email}: false when another account already uses it. */
export async function emailAvailable(email: string): Promise<boolean> {
  return (await api.get('/api/user-check-email/{email}', { path: { email } })).data.available;
}

/** POST /api/clients/duplicate-check: clients that may be the one being typed in. */
export async function possibleDuplicates(body: DuplicateCheckBody): Promise<DuplicateDto[]> {
  return (await api.post('/api/clients/duplicate-check', { body })).data;
}

/** The client's presentations and services: the coming month's, or those that took place (the ten latest). */
export function useClientEvents(clientId: number, kind: 'upcoming' | 'history', enabled: boolean) {
  return useQuery({
    queryKey: ['events', 'list', 'client', clientId, kind],
    queryFn: () =>
      kind === 'upcoming'
        ? api.get('/api/events-upcoming', { query: { period: 'month', client_id: clientId, limit: 10 } })
        : api.get('/api/events-history', { query: { period: 'past', client_id: clientId, limit: 10 } }),
    enabled,
    retry: false,
  });
}
