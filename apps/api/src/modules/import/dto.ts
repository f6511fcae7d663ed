import type { ClientSummaryDto, ImportBatchDto, ImportRowDto } from '@bo/domain';
import type { BatchRow, ReviewRow } from './repo.ts';

export function toBatchDto(row: BatchRow, earlierUploadAt: Date | null): ImportBatchDto {
  return {
    id: row.id,
    import_type: row.importType,
    upload_type: row.uploadType,
    file_name: row.fileName,
    stage: row.stage,
    progress: row.progress,
    error: row.error,
    headers: row.headers,
    sample: row.sample,
    row_count: row.rowCount,
    mapping: row.mapping,
    mapping_remembered: row.mappingRemembered,
    location_id: row.locationId,
    earlier_upload_at: earlierUploadAt ? earlierUploadAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}

/** A row of the review with its matches' clients as the lists show them (a client gone since is left out). */
export function toRowDto(source: Pick<ReviewRow, 'row' | 'fileName' | 'location'>, clients: Map<number, ClientSummaryDto>): ImportRowDto {
  const { row, fileName, location } = source;
  return {
    id: row.id,
    batch_id: row.batchId,
    row_no: row.rowNo,
    import_type: row.importType,
    file_name: fileName,
    location: location ? { id: location.id, code: location.code, display_name: location.displayName } : null,
    data: row.data,
    errors: row.errors,
    confidence: row.confidence,
    field_images: row.fieldImages,
    review_status: row.reviewStatus,
    duplication_status: row.duplicationStatus,
    matches: row.matches.flatMap((m) => {
      const client = clients.get(m.client_id);
      return client ? [{ client, score: m.score, reasons: m.reasons }] : [];
    }),
    file_duplicate_of: row.fileDuplicateOf,
    decision: row.decision,
    merge_into_id: row.mergeIntoId,
    state: row.state,
  };
}
