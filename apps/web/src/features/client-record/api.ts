import type {
  ClientBody,
  ClientRecordDto,
  ClientUpdateBody,
  ContactHistoryBody,
  ContactHistoryDto,
  DuplicateCheckBody,
  DuplicateDto,
  SubUserBody,
  UserInfoDto,
} from '@bo/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, HttpError } from '../../app/http.ts';
import { CLIENTS_KEY } from '../clients/api.ts';

const recordKey = (id: number) => [...CLIENTS_KEY, 'record', id] as const;

/** GET /api/user/{id}: the client with its histories, notes and second person. */
export function useClientRecord(id: number) {
  return useQuery({
    queryKey: recordKey(id),
    queryFn: async () => (await http<{ data: ClientRecordDto }>(`/api/user/${id}`)).data,
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
        record = (await http<{ data: ClientRecordDto }>(`/api/user/${id}`, { method: 'PUT', body })).data;
      }
      if (subUser.kind === 'set') {
        await http(`/api/sub-user/${id}`, { method: 'POST', body: subUser.body }).catch((err: unknown) => {
          throw new SubUserError(err);
        });
      } else if (subUser.kind === 'remove') {
        await http(`/api/sub-user/${id}`, { method: 'DELETE' });
      }
      if (subUser.kind !== 'none' || !record) {
        record = (await http<{ data: ClientRecordDto }>(`/api/user/${id}`)).data;
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
    mutationFn: (body: ContactHistoryBody) =>
      http<{ data: ContactHistoryDto }>(`/api/clients/add-contact-history/${id}`, { method: 'POST', body }),
    // The status it ended with changes the client and its status history: read the record again.
    onSuccess: () => client.invalidateQueries({ queryKey: CLIENTS_KEY }),
  });
}

/** Closes an open recall of the contact history (the entry stays, marked done). */
export function useCloseRecall() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (entryId: number) =>
      http<{ data: ContactHistoryDto }>(`/api/clients/edit-contact-history/${entryId}`, { method: 'POST', body: { recall_done: true } }),
    // The client's next recall changes with it.
    onSuccess: () => client.invalidateQueries({ queryKey: CLIENTS_KEY }),
  });
}

/** Changes the comment of a contact history entry (spec 7 edit-contact-history). */
export function useEditContactComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, comment }: { entryId: number; comment: string }) =>
      http<{ data: ContactHistoryDto }>(`/api/clients/edit-contact-history/${entryId}`, { method: 'POST', body: { comment } }),
    onSuccess: () => client.invalidateQueries({ queryKey: CLIENTS_KEY }),
  });
}

export function useUpdateLinkedAgent(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (agentId: number | null) =>
      http(`/api/clients/update-linked-agents/${id}`, { method: 'POST', body: { agent_id: agentId } }),
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
    mutationFn: async (text: string) =>
      (await http<{ data: UserInfoDto[] }>(`/api/user-info/${id}`, { method: 'POST', body: { text } })).data,
    onSuccess: replace,
  });
  const change = useMutation({
    mutationFn: async ({ noteId, text }: { noteId: number; text: string }) =>
      (await http<{ data: UserInfoDto[] }>(`/api/clients/update-user-info/${noteId}`, { method: 'PUT', body: { text } })).data,
    onSuccess: replace,
  });
  const remove = useMutation({
    mutationFn: async (noteId: number) =>
      (await http<{ data: UserInfoDto[] }>(`/api/user-info/${id}`, { method: 'DELETE', body: { info_id: noteId } })).data,
    onSuccess: replace,
  });
  return { add, change, remove };
}

export function useCreateClient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ClientBody) => (await http<{ data: ClientRecordDto }>('/api/user', { method: 'POST', body })).data,
    onSuccess: (record) => {
      client.setQueryData(recordKey(record.id), record);
      return client.invalidateQueries({ queryKey: CLIENTS_KEY, refetchType: 'active' });
    },
  });
}

/** GET /api/user-check-email/{email}: false when another account already uses it. */
export async function emailAvailable(email: string): Promise<boolean> {
  return (await http<{ data: { available: boolean } }>(`/api/user-check-email/${encodeURIComponent(email)}`)).data.available;
}

/** POST /api/clients/duplicate-check: clients that may be the one being typed in. */
export async function possibleDuplicates(body: DuplicateCheckBody): Promise<DuplicateDto[]> {
  return (await http<{ data: DuplicateDto[] }>('/api/clients/duplicate-check', { method: 'POST', body })).data;
}
