import type {
  AcademyCategoryBody,
  AcademyCategoryDto,
  AcademyItemBody,
  AcademyItemDto,
  AcademyKind,
  AcademyListDto,
  ErrorBody,
} from '@bo/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, HttpError } from '../../app/http.ts';

export const ACADEMY_KEY = ['academy'] as const;
const keyOf = (kind: AcademyKind) => [...ACADEMY_KEY, kind] as const;

/** The categories of a kind in order, each with its items (spec: GET /api/slides/ and its siblings). */
export function useAcademy(kind: AcademyKind) {
  return useQuery({ queryKey: keyOf(kind), queryFn: () => http<AcademyListDto>(`/api/${kind}/`) });
}

function useAcademyMutation<A, R>(kind: AcademyKind, call: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => client.invalidateQueries({ queryKey: keyOf(kind) }) });
}

/** Adds a category (no id) or renames one. */
export function useSaveCategory(kind: AcademyKind) {
  return useAcademyMutation(kind, ({ id, body }: { id: number | null; body: AcademyCategoryBody }) =>
    id === null
      ? http<{ data: AcademyCategoryDto }>(`/api/academy/${kind}/categories`, { method: 'POST', body })
      : http<{ data: AcademyCategoryDto }>(`/api/academy/categories/${id}`, { method: 'PUT', body }),
  );
}

export function useMoveCategory(kind: AcademyKind) {
  return useAcademyMutation(kind, ({ id, position }: { id: number; position: number }) =>
    http<{ data: AcademyCategoryDto[] }>(`/api/academy/categories/${id}/position`, { method: 'PUT', body: { position } }),
  );
}

export function useDeleteCategory(kind: AcademyKind) {
  return useAcademyMutation(kind, (id: number) =>
    http<{ data: { id: number; items_deleted: number } }>(`/api/academy/categories/${id}`, { method: 'DELETE' }),
  );
}

export function useUpdateItem(kind: AcademyKind) {
  return useAcademyMutation(kind, ({ id, body }: { id: number; body: AcademyItemBody }) =>
    http<{ data: AcademyItemDto }>(`/api/academy/items/${id}`, { method: 'PUT', body }),
  );
}

export function useMoveItem(kind: AcademyKind) {
  return useAcademyMutation(kind, ({ id, position }: { id: number; position: number }) =>
    http<{ data: AcademyItemDto[] }>(`/api/academy/items/${id}/position`, { method: 'PUT', body: { position } }),
  );
}

export function useDeleteItem(kind: AcademyKind) {
  return useAcademyMutation(kind, (id: number) => http<{ data: { id: number } }>(`/api/academy/items/${id}`, { method: 'DELETE' }));
}

/** A failed upload that never got an answer (connection lost); aborted by the user is `AbortError`. */
export class UploadNetworkError extends Error {}

/**
 * Uploads a new item with its file. Through XMLHttpRequest rather than fetch, because only it reports
 * the upload's progress. The text fields go first: the server reads them before the file.
 */
export function uploadItem(
  kind: AcademyKind,
  body: AcademyItemBody,
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<AcademyItemDto> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('title', body.title);
    form.append('description', body.description);
    form.append('category_id', String(body.category_id));
    form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/academy/${kind}/items`);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) {
        onProgress(e.loaded / e.total);
      }
    };
    xhr.onload = () => {
      let parsed: unknown;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : {};
      } catch {
        parsed = { message: xhr.responseText };
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve((parsed as { data: AcademyItemDto }).data);
      } else {
        reject(new HttpError(xhr.status, parsed as Partial<ErrorBody> & Record<string, unknown>));
      }
    };
    xhr.onerror = () => reject(new UploadNetworkError('upload failed'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** Uploads and refreshes the kind's list afterwards. */
export function useUploadItem(kind: AcademyKind) {
  return useAcademyMutation(
    kind,
    (args: { body: AcademyItemBody; file: File; onProgress: (fraction: number) => void; signal: AbortSignal }) =>
      uploadItem(kind, args.body, args.file, args.onProgress, args.signal),
  );
}
