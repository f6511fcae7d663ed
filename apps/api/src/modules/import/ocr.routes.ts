import {
  ocrImportsDto,
  ocrOperationDto,
  ocrResultDto,
  startOcrBody,
  uploadFileAnswer,
  uploadFromGdriveBody,
  type ImportBatchDto,
} from '@bo/domain';
import { buffer } from 'node:stream/consumers';
import { AppError } from '../../core/errors.ts';
import { leadFormPdf } from '../../documents/lead-form/index.ts';
import type { Actor } from '../../core/actor.ts';
import type { App } from '../../http/types.ts';
import { actorOf } from '../../http/session.ts';
import { folderIdOf, lastOcrResult, listFolder, ocrOperations, startOcr, terminateRunningOcr, type OcrDeps } from './ocr.service.ts';

const MANAGE = { access: { permission: 'import.manage' as const } };
const tags = ['import'];

/** Lead files (CSV, XLSX; a Google sheet arrives as CSV) a folder import hands to the upload. */
const LEAD_FILE_TYPES = new Set([
  'text/csv',
  'text/plain',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.google-apps.spreadsheet',
]);
const isLeadFile = (f: { name: string; mimeType: string }) => LEAD_FILE_TYPES.has(f.mimeType) || /\.(csv|xlsx)$/i.test(f.name);

export interface OcrRouteDeps extends Pick<OcrDeps, 'db' | 'drive' | 'onStarted'> {
  /** The import module's upload of one lead file (as POST /api/import/upload-file does for each file). */
  uploadLeadFile?(
    actor: Actor,
    file: { name: string; bytes: Buffer },
    opts: { importType: 'perspective' | 'leads'; locationId: number | null; uploadType: 'gdrive' },
  ): Promise<ImportBatchDto>;
}

export function ocrRoutes(app: App, deps: OcrRouteDeps): void {
  app.get(
    '/api/import/ocr-imports',
    { config: MANAGE, schema: { summary: "List the caller's OCR operations, newest first", tags, response: { 200: ocrImportsDto } } },
    async (request) => ({ data: await ocrOperations(deps, actorOf(request)) }),
  );

  app.post(
    '/api/import/ocr-imports',
    {
      config: MANAGE,
      schema: {
        summary:
          'Start one run over scanned lead forms: every page of the uploaded scans (batch_ids, PDFs and images) or every scan of a folder (folder)',
        tags,
        body: startOcrBody,
        response: { 201: ocrOperationDto },
      },
    },
    async (request, reply) => reply.code(201).send(await startOcr(deps, actorOf(request), request.body)),
  );

  app.get(
    '/api/import/pool-ocr-result',
    {
      config: MANAGE,
      schema: { summary: "The caller's last OCR operation (polled while it runs)", tags, response: { 200: ocrResultDto } },
    },
    async (request) => lastOcrResult(deps, actorOf(request)),
  );

  app.get(
    '/api/import/terminate-running-ocr',
    {
      config: { ...MANAGE, changesState: true },
      schema: {
        summary: "Ask the caller's running OCR operation to stop before its next page",
        tags,
        response: { 200: ocrResultDto },
      },
    },
    async (request) => terminateRunningOcr(deps, actorOf(request)),
  );

  app.post(
    '/api/import/upload-from-gdrive',
    {
      config: MANAGE,
      schema: {
        summary: 'Import a folder: its lead files (CSV, XLSX) are uploaded, or its scans read (importType ocr)',
        tags,
        body: uploadFromGdriveBody,
        response: { 200: uploadFileAnswer },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { importType, folder, location_id } = request.body;
      if (importType === 'ocr') {
        await startOcr(deps, actor, { folder, location_id });
        return { data: [] };
      }
      const files = (await listFolder(deps.drive, folderIdOf(folder))).filter(isLeadFile);
      if (files.length === 0) {
        throw new AppError('VALIDATION_ERROR', {
          message: 'The folder holds no CSV or XLSX files.',
          fieldValidation: { folder: 'file_empty' },
        });
      }
      if (!deps.uploadLeadFile) {
        throw new AppError('SERVICE_UNAVAILABLE', { message: 'Lead files cannot be uploaded from a folder yet.' });
      }
      const data: ImportBatchDto[] = [];
      for (const f of files) {
        const got = await deps.drive.download(f);
        data.push(
          await deps.uploadLeadFile(
            actor,
            { name: got.name, bytes: await buffer(got.body) },
            { importType, locationId: location_id, uploadType: 'gdrive' },
          ),
        );
      }
      return { data };
    },
  );

  app.get(
    '/api/import/ocr-form.pdf',
    { config: MANAGE, schema: { summary: 'The printable lead form the OCR reads', tags } },
    async (_request, reply) =>
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'inline; filename="Kontaktformular.pdf"')
        .send(await leadFormPdf()),
  );
}
