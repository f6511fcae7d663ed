import {
  IMPORT_BATCH_POLL_MS,
  IMPORT_ORDER_FIELDS,
  isOneOf,
  type DuplicationFilter,
  type ImportBatchDto,
  type ImportDecision,
  type ImportField,
  type ImportRowData,
  type ImportType,
  type OcrOperationDto,
  type PrepareImportDto,
  type ReviewFilter,
} from '@bo/domain';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import { postForm } from '../../app/upload.ts';
import type { DataTableQuery } from '../../ui/data-table/use-data-table.ts';

export const IMPORT_KEY = ['import'] as const;
const ROWS_KEY = [...IMPORT_KEY, 'rows'] as const;
const OCR_KEY = [...IMPORT_KEY, 'ocr'] as const;
const batchKey = (id: number) => [...IMPORT_KEY, 'batch', id] as const;

/** The printable lead form the OCR reads (spec 4). */
export const OCR_FORM_URL = '/api/import/ocr-form.pdf';
/** A stored file (an OCR row's cropped field image). */
export const fileUrl = (id: string | number) => `/api/files/${id}`;

/** Sends the chosen files (one batch each) with their type and lead location; reports the share sent. */
export async function uploadImportFiles(
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
  return (await postForm('/api/import/upload-file', form, onProgress, signal)).data;
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
      queryKey: batchKey(b.id),
      queryFn: (): Promise<ImportBatchDto> => api.get('/api/import/batches/{id}', { path: { id: b.id } }),
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
      api.post('/api/import/batches/{id}/mapping', { path: { id: v.id }, body: { mapping: v.mapping, location_id: v.location_id } }),
    onSuccess: (batch) => client.setQueryData(batchKey(batch.id), batch),
  });
}

export function useDiscardBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete('/api/import/batches/{id}', { path: { id } }),
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
  const query = {
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
    queryFn: () => api.get('/api/import/prepare-import', { query }),
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
    mutationFn: (body: RecordChange) => api.post('/api/import/update-record', { body }),
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
      api.post('/api/import/launch-import', { body }),
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
    mutationFn: (body: { batch_ids?: number[]; folder?: string; location_id: number | null }) =>
      api.post('/api/import/ocr-imports', { body }),
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
