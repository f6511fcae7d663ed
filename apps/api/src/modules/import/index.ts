/**
 * The import module's public surface. Reading scanned lead forms (OCR): the background job that carries an
 * operation through its stages, registered by jobs/queue.ts.
 */
export { registerOcrJobs, type OcrJobDeps, type OcrJobs } from './ocr.jobs.ts';
/**
 * Lead files (docs/import.md): the upload of files (a folder import hands its lead files to it), the
 * check of a batch's rows (the background job; the OCR calls checkWrittenRows once a batch's pages are
 * read), and what the routes need.
 */
export { checkBatch, checkWrittenRows, inProcessChecks } from './check.service.ts';
export { uploadFiles, type ImportDeps, type IncomingLeadFile } from './upload.service.ts';
export { registerImportCheckJobs, type ImportCheckJobDeps } from './check.jobs.ts';
export { prepareImport } from './review.service.ts';
