import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dryRunBody,
  dryRunDto,
  importJobDto,
  importJobsDto,
  importParams,
  importUploadDto,
  MAX_IMPORT_BYTES,
  successEnvelope,
} from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { badRequest, HttpError } from '../../plugins/errors.ts';
import { requireAbility } from '../../plugins/guards.ts';
import { dryRunImport, getImport, listImports, startImport, uploadImport } from './data-import.service.ts';
import { failImportJob, runImportJob } from './import-job.ts';

/**
 * Issue 18 §5: clients in from a CSV or a Kinetic export archive. Bulk changes to the client base from
 * a Settings page: the person needs both manageSettings (the page) and manageClients (what it writes).
 */
const GUARD = ['manageSettings', 'manageClients'] as const;
const MAX_MB = MAX_IMPORT_BYTES / 1024 / 1024;

export const dataImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const tags = ['import'];
  // This plugin's own multipart limits: the app's 1 MB body limit is for JSON, not client files.
  await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 2 } });

  const runImport = async (companyId: string, importId: string) => {
    if (app.deps.jobs) return app.deps.jobs.startClientImport(companyId, importId);
    // No job runner (some tests): run in this process, after the answer.
    setImmediate(() => {
      runImportJob(db, companyId, importId).catch((error: unknown) => {
        app.log.error(error, 'client import failed');
        void failImportJob(db, companyId, importId, error).catch(() => {});
      });
    });
  };

  app.post(
    '/imports',
    {
      onRequest: requireAbility(GUARD),
      bodyLimit: MAX_IMPORT_BYTES + 64 * 1024,
      schema: {
        tags,
        summary: `Upload a client file (multipart field "file": a CSV or a Kinetic export .zip, at most ${MAX_MB} MB)`,
        response: { 200: successEnvelope(importUploadDto) },
      },
    },
    async (request) => {
      if (!request.isMultipart())
        throw badRequest('Send the file as multipart/form-data in the field "file".', {
          file: 'Choose a file',
        });
      const part = await request.file().catch(() => {
        throw badRequest('The upload could not be read. Choose the file again.', {
          file: 'Choose the file again',
        });
      });
      if (!part)
        throw badRequest('Choose a CSV file or a Kinetic export to upload.', { file: 'Choose a file' });
      const bytes = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(413, `The file is larger than ${MAX_MB} MB. Split it into smaller files.`, {
            file: `At most ${MAX_MB} MB`,
          });
        throw badRequest('The upload could not be read. Choose the file again.', {
          file: 'Choose the file again',
        });
      });
      const data = await uploadImport(db, actorOf(request), { fileName: part.filename, bytes });
      return {
        status: 1 as const,
        message: `${data.job.totalRows.toLocaleString('en-US')} rows read. Check the columns.`,
        data,
      };
    },
  );

  app.get(
    '/imports',
    {
      onRequest: requireAbility(GUARD),
      schema: {
        tags,
        summary: 'The company’s imports, newest first',
        response: { 200: successEnvelope(importJobsDto) },
      },
    },
    async (request) => ({ status: 1 as const, data: await listImports(db, actorOf(request)) }),
  );

  app.get(
    '/imports/:importId',
    {
      onRequest: requireAbility(GUARD),
      schema: {
        tags,
        summary: 'An import with its progress, counts and rejected rows',
        params: importParams,
        response: { 200: successEnvelope(importJobDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await getImport(db, actorOf(request), request.params.importId),
    }),
  );

  app.put(
    '/imports/:importId',
    {
      onRequest: requireAbility(GUARD),
      schema: {
        tags,
        summary: 'Save the column mapping and answer the dry run (nothing is imported)',
        params: importParams,
        body: dryRunBody,
        response: { 200: successEnvelope(dryRunDto) },
      },
    },
    async (request) => {
      const data = await dryRunImport(db, actorOf(request), request.params.importId, request.body);
      return { status: 1 as const, data };
    },
  );

  app.post(
    '/imports/:importId/start',
    {
      onRequest: requireAbility(GUARD),
      schema: {
        tags,
        summary: 'Start the import with the dry run’s mapping (a background job)',
        params: importParams,
        response: { 200: successEnvelope(importJobDto) },
      },
    },
    async (request) => {
      const data = await startImport({ db, runImport }, actorOf(request), request.params.importId);
      return { status: 1 as const, message: 'The import has started.', data };
    },
  );
};
