import { checkWrittenRows } from './check.service.ts';
import { insertBatch, insertRow } from './repo.ts';
import type { OcrRowWriter } from './ocr.service.ts';

/**
 * How the OCR's rows become the import's rows: the batch of a folder's scans, one row per page (in the page's
 * transaction), then the check every batch gets (validation, duplicates in the batch and among the clients), so
 * they are reviewed and launched like a lead file's rows.
 */
export const ocrRowWriter: OcrRowWriter = {
  createBatch: async (db, op, name, sha256) =>
    (
      await insertBatch(db, {
        importType: 'ocr',
        uploadType: 'gdrive',
        fileName: name,
        fileSha256: sha256,
        createdById: op.createdById,
        stage: 'uploaded',
        locationId: op.locationId,
        ocrOperationId: op.id,
      })
    ).id,
  insertRow: (tx, row) =>
    insertRow(tx, {
      batchId: row.batchId,
      rowNo: row.rowNo,
      importType: 'ocr',
      createdById: row.createdById,
      locationId: row.locationId,
      data: row.data,
      raw: row.raw,
      errors: row.errors,
      hasErrors: Object.keys(row.errors).length > 0,
      confidence: row.confidence,
      fieldImages: row.fieldImages,
    }),
  rowsWritten: (db, batchId) => checkWrittenRows(db, batchId),
};
