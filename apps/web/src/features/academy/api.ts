import type { AcademyCategoryBody, AcademyItemBody, AcademyItemDto, AcademyKind } from '@bo/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { postForm } from '../../app/upload.ts';
import { api } from '../../app/api.ts';

export const ACADEMY_KEY = ['academy'] as const;
const keyOf = (kind: AcademyKind) => [...ACADEMY_KEY, kind] as const;

/** The categories of a kind in order, each with its items (spec: GET /api/slides/ and its siblings). */
export function useAcademy(kind: AcademyKind) {
  return useQuery({ queryKey: keyOf(kind), queryFn: () => api.get(`/api/${kind}/` as const) });
}

function useAcademyMutation<A, R>(kind: AcademyKind, call: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => client.invalidateQueries({ queryKey: keyOf(kind) }) });
}

/** Adds a category (no id) or renames one. */
export function useSaveCategory(kind: AcademyKind) {
  return useAcademyMutation(kind, ({ id, body }: { id: number | null; body: AcademyCategoryBody }) =>
    id === null
      ? api.post('/api/academy/{kind}/categories', { path: { kind }, body })
      : api.put('/api/academy/categories/{id}', { path: { id }, body }),
  );
}

export function useMoveCategory(kind: AcademyKind) {
  return useAcademyMutation(kind, ({ id, position }: { id: number; position: number }) =>
    api.put('/api/academy/categories/{id}/position', { path: { id }, body: { position } }),
  );
}

export function useDeleteCategory(kind: AcademyKind) {
  return useAcademyMutation(kind, (id: number) => api.delete('/api/academy/categories/{id}', { path: { id } }));
}

export function useUpdateItem(kind: AcademyKind) {
  return useAcademyMutation(kind, ({ id, body }: { id: number; body: AcademyItemBody }) =>
    api.put('/api/academy/items/{id}', { path: { id }, body }),
  );
}

export function useMoveItem(kind: AcademyKind) {
  return useAcademyMutation(kind, ({ id, position }: { id: number; position: number }) =>
    api.put('/api/academy/items/{id}/position', { path: { id }, body: { position } }),
  );
}

export function useDeleteItem(kind: AcademyKind) {
  return useAcademyMutation(kind, (id: number) => api.delete('/api/academy/items/{id}', { path: { id } }));
}

export { UploadNetworkError } from '../../app/upload.ts';

/** Uploads a new item with its file and progress. The text fields go first: the server reads them before the file. */
export async function uploadItem(
  kind: AcademyKind,
  body: AcademyItemBody,
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<AcademyItemDto> {
  const form = new FormData();
  form.append('title', body.title);
  form.append('description', body.description);
  form.append('category_id', String(body.category_id));
  form.append('file', file, file.name);
  return (await postForm('/api/academy/{kind}/items', form, onProgress, signal, { path: { kind } })).data;
}

/** Uploads and refreshes the kind's list afterwards. */
export function useUploadItem(kind: AcademyKind) {
  return useAcademyMutation(
    kind,
    (args: { body: AcademyItemBody; file: File; onProgress: (fraction: number) => void; signal: AbortSignal }) =>
      uploadItem(kind, args.body, args.file, args.onProgress, args.signal),
  );
}
