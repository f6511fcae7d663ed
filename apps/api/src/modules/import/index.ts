/**
 * The import module's public surface. Reading scanned lead forms (OCR): the background job that carries an
 * operation through its stages, registered by jobs/queue.ts.
 */
export { registerOcrJobs, type OcrJobDeps, type OcrJobs } from './ocr.jobs.ts';
