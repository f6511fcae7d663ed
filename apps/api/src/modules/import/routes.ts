import {
  idParams,
  importBatchDto,
  importMappingBody,
  importRowDto,
  launchImportAnswer,
  launchImportBody,
  prepareImportDto,
  prepareImportQuery,
  updateImportRecordBody,
  uploadFileAnswer,
} from '@bo/domain';
import { z } from 'zod';
import { actorOf } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import { launchImport } from './launch.service.ts';
import { applyBatchMapping, batchOf, discardBatch, prepareImport, updateRecord } from './review.service.ts';
import { uploadFromForm, type ImportDeps } from './upload.service.ts';

const MANAGE = { access: { permission: 'import.manage' as const } };
const tags = ['import'];

/**
 * The import of lead files (docs/import.md): upload, map and check, review, launch. The OCR's calls
 * (ocr.routes.ts) are registered beside these by app.ts.
 */
export function importRoutes(app: App, deps: ImportDeps): void {
  app.post(
    '/api/import/upload-file',
    {
      config: MANAGE,
      schema: {
        summary:
          'Upload lead files (CSV, XLSX) or scans for the OCR: each is read, and its columns, a sample and the proposed mapping answered',
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: uploadFileAnswer },
      },
    },
    async (request) => ({ data: await uploadFromForm(deps, actorOf(request), request) }),
  );

  app.get(
    '/api/import/batches/:id',
    {
      config: MANAGE,
      schema: {
        summary: 'Get an upload of the caller: its stage and progress, columns and mapping',
        tags,
        params: idParams,
        response: { 200: importBatchDto },
      },
    },
    async (request) => batchOf(deps.db, actorOf(request), request.params.id),
  );

  app.post(
    '/api/import/batches/:id/mapping',
    {
      config: MANAGE,
      schema: {
        summary: "Map an upload's columns to fields (remembered for the same columns) and check every row in the background",
        tags,
        params: idParams,
        body: importMappingBody,
        response: { 200: importBatchDto },
      },
    },
    async (request) => applyBatchMapping(deps, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/import/batches/:id',
    {
      config: MANAGE,
      schema: {
        summary: 'Discard an upload none of whose rows was imported, with its rows',
        tags,
        params: idParams,
        response: { 200: z.object({ id: z.number() }) },
      },
    },
    async (request) => discardBatch(deps.db, actorOf(request), request.params.id),
  );

  app.get(
    '/api/import/prepare-import',
    {
      config: MANAGE,
      schema: {
        summary: "A page of the caller's rows waiting for import, with their errors, matches among the clients and counts",
        tags,
        querystring: prepareImportQuery,
        response: { 200: prepareImportDto },
      },
    },
    async (request) => prepareImport(deps.db, actorOf(request), request.query),
  );

  app.post(
    '/api/import/update-record',
    {
      config: MANAGE,
      schema: {
        summary: 'Correct a row waiting for import (checked again), mark it reviewed, or decide what to do with its duplicate',
        tags,
        body: updateImportRecordBody,
        response: { 200: importRowDto },
      },
    },
    async (request) => updateRecord(deps.db, actorOf(request), request.body),
  );

  app.post(
    '/api/import/launch-import',
    {
      config: MANAGE,
      schema: {
        summary:
          'Import the selected rows (or all) in one transaction: create, merge or skip each; rows with errors are answered in errors',
        tags,
        body: launchImportBody,
        response: { 200: launchImportAnswer },
      },
    },
    async (request) => launchImport(deps.db, actorOf(request), request.body),
  );
}
