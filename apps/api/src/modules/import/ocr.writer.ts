import { insertOcrBatch, insertOcrRow } from './ocr.repo.ts';
import type { OcrRowWriter } from './ocr.service.ts';

/** How the OCR's rows become the import's rows: the batch of a folder, a row per page, then the check of the batch. */
export const ocrRowWriter: OcrRowWriter = {
  createBatch: (db, op, name, sha256) =>
    insertOcrBatch(db, {
      createdById: op.createdById,
      fileName: name,
      fileSha256: sha256,
      locationId: op.locationId,
      ocrOperationId: op.id,
    }),
  insertRow: (tx, row) =>
    insertOcrRow(tx, {
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
  rowsWritten: async () => {
    // TODO(import): the batch's validation and duplicate check
  },
};
