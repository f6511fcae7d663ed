import type { FileDto, ProductDto } from '@bo/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import { HttpError } from '../../app/http-error.ts';
import { fileForm, postForm } from '../../app/upload.ts';
import type { PresentationBody, ServiceBody } from './body.ts';

/** The events lists, the calendar and the event pages all live under these keys; a finished event refreshes them. */
const EVENTS_KEY = ['events'] as const;
const PERFORM_KEY = [...EVENTS_KEY, 'perform'] as const;
const REFRESHED_AFTER_FINISH = [EVENTS_KEY, ['calendar-events'], ['clients']] as const;

const noRetryOn4xx = (count: number, err: unknown) => !(err instanceof HttpError && err.status < 500) && count < 2;

/** GET /api/presentation/{id}: the presentation with what was saved on it. */
export function usePresentation(id: number) {
  return useQuery({
    queryKey: [...PERFORM_KEY, 'presentation', id],
    queryFn: async () => (await api.get('/api/presentation/{id}', { path: { id } })).data,
    enabled: Number.isInteger(id) && id > 0,
    retry: noRetryOn4xx,
    // The draft is built once from it; a refetch would not change the open flow anyway.
    staleTime: Infinity,
  });
}

/** GET /api/event/{id}?eventType=service. */
export function useService(id: number) {
  return useQuery({
    queryKey: [...PERFORM_KEY, 'service', id],
    queryFn: async () => (await api.get('/api/event/{id}', { path: { id }, query: { eventType: 'service' } })).data,
    enabled: Number.isInteger(id) && id > 0,
    retry: noRetryOn4xx,
    staleTime: Infinity,
  });
}

/**
 * The client's record for the profile step (the additional profile fields). A client the agent may not
 * read answers 404: the step then starts from the event's contact data.
 */
export function useClientForProfile(clientId: number | undefined) {
  return useQuery({
    // Its own key (a missing record is null here, an error on the client's page), under clients so their changes refresh it.
    queryKey: ['clients', 'perform-profile', clientId ?? 0],
    queryFn: async () => {
      try {
        return (await api.get('/api/user/{id}', { path: { id: clientId! } })).data;
      } catch (err) {
        if (err instanceof HttpError && (err.status === 404 || err.status === 403)) {
          return null;
        }
        throw err;
      }
    },
    enabled: clientId !== undefined,
    retry: noRetryOn4xx,
    staleTime: Infinity,
  });
}

/** The products an order may hold: the active ones of every type, by name. */
export function useActiveProducts() {
  return useQuery({
    queryKey: ['products', 'list', { status: 'active', perform: true }],
    queryFn: async (): Promise<ProductDto[]> =>
      (await api.get('/api/products', { query: { status: 'active', limit: 500, orderBy: 'name', orderMethod: 'asc' } })).data,
    staleTime: 5 * 60_000,
  });
}

function useFinish<B>(call: (id: number, body: B) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: B }) => call(id, body),
    onSuccess: () =>
      Promise.all([
        // The open flow's own event is only marked stale: read again now, it would replace the flow with
        // "not planned any more" before the page has said "saved" and moved on.
        client.invalidateQueries({ queryKey: PERFORM_KEY, refetchType: 'none' }),
        ...REFRESHED_AFTER_FINISH.map((queryKey) =>
          client.invalidateQueries({ queryKey, predicate: (q) => !(q.queryKey[0] === PERFORM_KEY[0] && q.queryKey[1] === PERFORM_KEY[1]) }),
        ),
      ]),
  });
}

/** PUT /api/finish-presentation/{id}: the whole draft in one go; the server makes the order. */
export const useFinishPresentation = () =>
  useFinish((id: number, body: PresentationBody) => api.put('/api/finish-presentation/{id}', { path: { id }, body }));

/** POST /api/event/perform-service/{id}. */
export const useFinishService = () =>
  useFinish((id: number, body: ServiceBody) => api.post('/api/event/perform-service/{id}', { path: { id }, body }));

/** Where a photographed or scanned contract is uploaded (field `file`); the answer is `{ file }`. */
export const CONTRACT_UPLOAD_URL = '/api/upload-contract';

export async function uploadContract(file: File, onProgress: (share: number) => void, signal?: AbortSignal): Promise<FileDto> {
  return (await postForm(CONTRACT_UPLOAD_URL, fileForm(file), onProgress, signal)).file;
}
