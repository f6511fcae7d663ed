import {
  IMPORT_BATCH_POLL_MS,
  isOneOf,
  IMPORT_ORDER_FIELDS,
  type ImportBatchDto,
  type ImportField,
  type ImportRowData,
  type ImportRowDto,
  type ImportType,
  type LaunchImportAnswer,
  type OcrOperationDto,
  type PrepareImportDto,
  type PrepareImportQuery,
  type DuplicationFilter,
  type ReviewFilter,
  type ImportDecision,
} from '@bo/domain';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import { answerOf } from '../../app/http-error.ts';
import type { DataTableQuery } from '../../ui/data-table/use-data-table.ts';

export const IMPORT_KEY = ['import'] as const;
const ROWS_KEY = [...IMPORT_KEY, 'rows'] as const;
const OCR_KEY = [...IMPORT_KEY, 'ocr'] as const;

/** The printable lead form the OCR reads (spec 4). */
export const OCR_FORM_URL = '/api/import/ocr-form.pdf';
/** A stored file (an OCR row's cropped field image). */
export const fileUrl = (id: string | number) => `/api/files/${id}`;

// Until the server's import routes are in the generated contract, the calls are typed by the domain's schemas.
async function call<T>(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return answerOf(response.status, await response.text()) as T;
}

function queryString(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined) {
      params.set(k, String(v));
    }
  }
  return params.toString();
}

/** Sends the chosen files (one batch each) with their type and lead location; reports the share sent. */
export function uploadImportFiles(
  importType: ImportType,
  files: readonly File[],
  locationId: number | null,
  onProgress: (share: number) => void,
  signal?: AbortSignal,
): Promise<ImportBatchDto[]> {
  const form = new FormData();
  form.append('importType', importType);
  if (locationId !== null) {
    form.append('location_id', String(locationId));
  }
  files.forEach((f) => form.append('file', f, f.name));
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/import/upload-file');
    request.withCredentials = true;
    request.upload.onprogress = (e) => e.lengthComputable && e.total > 0 && onProgress(e.loaded / e.total);
    request.onload = () => {
      try {
        resolve((answerOf(request.status, request.responseText) as { data: ImportBatchDto[] }).data);
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    };
    request.onerror = () => reject(new Error('network error'));
    request.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

export function useUploadFromGdrive() {
  return useMutation({
    mutationFn: async (body: { importType: ImportType; folder: string; location_id: number | null }) =>
      (await api.post('/api/import/upload-from-gdrive', { body })).data,
  });
}

/** The uploaded files, asked for again while their rows are read or checked (the progress bar). */
export function useBatchProgress(batches: readonly ImportBatchDto[]) {
  return useQueries({
    queries: batches.map((b) => ({
      queryKey: [...IMPORT_KEY, 'batch', b.id],
      queryFn: () => call<ImportBatchDto>('GET', `/api/import/batches/${b.id}`),
      initialData: b,
      refetchInterval: (q: { state: { data?: ImportBatchDto } }) =>
        q.state.data && (q.state.data.stage === 'uploaded' || q.state.data.stage === 'checking') ? IMPORT_BATCH_POLL_MS : false,
      refetchIntervalInBackground: true,
    })),
  });
}

export function useApplyMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; mapping: Record<string, ImportField>; location_id: number | null }) =>
      call<ImportBatchDto>('POST', `/api/import/batches/${v.id}/mapping`, { mapping: v.mapping, location_id: v.location_id }),
    onSuccess: (batch) => client.setQueryData([...IMPORT_KEY, 'batch', batch.id], batch),
  });
}

export function useDiscardBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call<unknown>('DELETE', `/api/import/batches/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ROWS_KEY }),
  });
}

export interface RowsFilter {
  importType: ImportType;
  review: ReviewFilter;
  duplication: DuplicationFilter;
}

/** One page of the caller's pending rows (spec 4: 50 a page by default, by location descending). */
export function useImportRows(filter: RowsFilter, page: DataTableQuery, enabled = true) {
  const orderBy = page.sort && isOneOf(IMPORT_ORDER_FIELDS, page.sort.field) ? page.sort.field : undefined;
  const query: Partial<PrepareImportQuery> & { importType: ImportType } = {
    importType: filter.importType,
    limit: page.limit,
    offset: page.offset,
    review: filter.review,
    duplication: filter.duplication,
    orderBy,
    orderMethod: orderBy && page.sort?.direction,
  };
  return useQuery({
    queryKey: [...ROWS_KEY, query],
    queryFn: () => call<PrepareImportDto>('GET', `/api/import/prepare-import?${queryString(query)}`),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export interface RecordChange {
  id: number;
  data?: Partial<ImportRowData>;
  reviewed?: boolean;
  decision?: ImportDecision | null;
  merge_into_id?: number | null;
}

/** Changes a row; the server's answer (re-validated, re-checked for duplicates) replaces it on the page. */
export function useUpdateRecord() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordChange) => call<ImportRowDto>('POST', '/api/import/update-record', body),
    onSuccess: (row) => {
      client.setQueriesData<PrepareImportDto>({ queryKey: ROWS_KEY }, (page) =>
        page ? { ...page, data: page.data.map((r) => (r.id === row.id ? row : r)) } : page,
      );
      // The filters' counts change with a reviewed mark or a fixed error: asked for again.
      void client.invalidateQueries({ queryKey: ROWS_KEY });
    },
  });
}

export function useLaunchImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { importType: ImportType; ids: number[]; all: boolean; duplicates: ImportDecision }) =>
      call<LaunchImportAnswer>('POST', '/api/import/launch-import', body),
    onSettled: () => client.invalidateQueries({ queryKey: ROWS_KEY }),
  });
}

/** The caller's earlier OCR operations. */
export function useOcrImports(enabled: boolean) {
  return useQuery({
    queryKey: [...OCR_KEY, 'list'],
    queryFn: async () => (await api.get('/api/import/ocr-imports')).data,
    enabled,
  });
}

/** The caller's last OCR operation, asked for again every `interval` ms while `poll` says so (spec 9). */
export function useOcrResult(interval: number, poll: (op: OcrOperationDto | null | undefined) => boolean) {
  return useQuery({
    queryKey: [...OCR_KEY, 'last'],
    queryFn: async (): Promise<OcrOperationDto | null> => (await api.get('/api/import/pool-ocr-result')).operation,
    refetchInterval: (q) => (poll(q.state.data) ? interval : false),
    refetchIntervalInBackground: true,
  });
}

export function useStartOcr() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { batch_id?: number; folder?: string; location_id: number | null }) => api.post('/api/import/ocr-imports', { body }),
    onSuccess: (operation) => {
      client.setQueryData([...OCR_KEY, 'last'], operation);
      void client.invalidateQueries({ queryKey: [...OCR_KEY, 'list'] });
    },
  });
}

export function useTerminateOcr() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.get('/api/import/terminate-running-ocr')).operation,
    onSuccess: (operation) => client.setQueryData([...OCR_KEY, 'last'], operation),
  });
}

/** Lead locations to choose from, by code or name. */
export function useLocationOptions(search: string) {
  const query = { limit: 50, search: search || undefined, orderBy: 'code' as const, orderMethod: 'asc' as const };
  return useQuery({
    queryKey: ['locations', 'import-picker', query],
    queryFn: () => api.get('/api/locations', { query }),
    placeholderData: keepPreviousData,
  });
}
