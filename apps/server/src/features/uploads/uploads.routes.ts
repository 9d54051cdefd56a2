import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successEnvelope, TEAM_ROLES, uploadDto } from '@kinetic/shared';
import { requireRole } from '../../plugins/guards.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { CONTENT_TYPES, MAX_UPLOAD_BYTES, saveImage, UPLOAD_NAME, uploadFolder, uploadUrl } from './uploads.storage.ts';

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const dataDir = app.deps.config.DATA_DIR;
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });

  app.post(
    '/uploads',
    {
      onRequest: requireRole(TEAM_ROLES),
      schema: { tags: ['uploads'], summary: 'Upload an image (multipart field "file", at most 2 MB)', response: { 200: successEnvelope(uploadDto) } },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest('Send the image as multipart/form-data in the field "file".');
      const part = await request.file().catch(() => {
        throw badRequest('The upload could not be read. Choose the image again.');
      });
      if (!part) throw badRequest('Choose an image to upload.', { file: 'Choose an image to upload.' });
      const content = await part.toBuffer().catch((error: { code?: string }) => {
        const message =
          error.code === 'FST_REQ_FILE_TOO_LARGE' ? 'The image is larger than 2 MB.' : 'The upload could not be read. Choose the image again.';
        throw badRequest(message, { file: message });
      });
      const file = await saveImage(dataDir, content);
      return { status: 1 as const, message: 'Image uploaded.', data: { file, url: uploadUrl(file) } };
    },
  );

  app.get(
    '/uploads/original/:file',
    { schema: { tags: ['uploads'], summary: 'An uploaded file', params: z.object({ file: z.string() }) } },
    async (request, reply) => {
      const { file } = request.params;
      if (!UPLOAD_NAME.test(file)) throw notFound('There is no such file.');
      const fullPath = path.join(uploadFolder(dataDir), file);
      const exists = await stat(fullPath).then((info) => info.isFile(), () => false);
      if (!exists) throw notFound('There is no such file.');
      const extension = file.split('.').pop() ?? '';
      return reply
        .header('content-type', CONTENT_TYPES[extension] ?? 'application/octet-stream')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(fullPath));
    },
  );
};
