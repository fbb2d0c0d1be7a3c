import {
  DatasheetDocumentSchema,
  DocumentIdParamsSchema,
  DOCUMENT_TOO_LARGE_MESSAGE,
  ErrorReply,
  MAX_DOCUMENT_BYTES,
  MaintenancePvQuerySchema,
  pvKey,
  type PvRef,
  UPLOAD_TOKEN_HEADER,
  UPLOAD_TOKEN_INCORRECT_MESSAGE,
  UploadTokenReplySchema,
} from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Type } from 'typebox';
import { createDocumentFiles } from '../plant/maintenance/document-files.js';
import { MaintenanceInputError } from '../plant/maintenance/index.js';
import { contentTypeOfStoredName } from '../plant/maintenance/document-kinds.js';
import type { RouteOptions } from '../services.js';
import { sessionOf } from './auth-guard.js';
import { allowedOnPv, auditRefusal, pvExists, pvOf, sendError } from './maintenance-guards.js';
import { receiveUpload } from './maintenance-upload-form.js';
import { createUploadTokens } from './maintenance-upload-tokens.js';
import { actorOf } from './request-actor.js';
import { requireRight } from './require-right.js';

/** Room for the multipart framing and the text fields around the largest file. */
const BODY_LIMIT = MAX_DOCUMENT_BYTES + 64 * 1024;
const UPLOAD = 'maintenance.document.upload';

/** Content-Disposition of a download: an ASCII fallback name and the UTF-8 name (RFC 6266). */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Data-sheet documents: the upload token, the upload (calls §5) and the download of a stored file. */
export const maintenanceDocumentRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (
  app,
  { services },
) => {
  const maintenance = services.domain.maintenance;
  const files = createDocumentFiles(services.config.dataDir);
  const tokens = createUploadTokens();
  // Only this plugin takes multipart bodies, and it streams them (@fastify/multipart, busboy):
  // the file goes to disk as it arrives, so a 20 MiB upload never sits in memory.
  // A file over the size is cut and refused by the form check (documentTooLarge), not thrown.
  await app.register(multipart, { throwFileSizeLimit: false });

  app.post(
    '/api/maintenance/datasheets/docs/token',
    {
      preHandler: requireRight(services, 'upload'),
      schema: {
        tags: ['maintenance'],
        summary: 'A single-use token for one document upload of this session',
        response: { 200: UploadTokenReplySchema, 403: ErrorReply },
      },
    },
    (request) => tokens.issue(sessionOf(request).sessionId),
  );

  app.post(
    '/api/maintenance/datasheets/docs',
    {
      // Token, size and right are checked before the body is read: a refused upload never reaches the disk.
      onRequest: async (request, reply) => {
        if (Number(request.headers['content-length'] ?? 0) > BODY_LIMIT) {
          await auditRefusal(services, request, `${UPLOAD}.refused`, request.url, {
            reason: 'documentTooLarge',
          });
          return sendError(reply, 413, 'documentTooLarge', DOCUMENT_TOO_LARGE_MESSAGE);
        }
        const token = request.headers[UPLOAD_TOKEN_HEADER];
        if (!tokens.consume(sessionOf(request).sessionId, typeof token === 'string' ? token : undefined)) {
          await auditRefusal(services, request, `${UPLOAD}.refused`, request.url, { reason: 'uploadToken' });
          return sendError(reply, 403, 'uploadTokenIncorrect', UPLOAD_TOKEN_INCORRECT_MESSAGE);
        }
        const query = request.query as Record<string, unknown>;
        const pv = { type: query.pvType, nr: Number(query.pvNr) } as PvRef;
        // An unknown or malformed PV is answered after parsing (404 or 400); rights only for real PVs.
        if (typeof pv.type !== 'string' || !services.plant.config(pvKey(pv))) return;
        if (!(await allowedOnPv(services, request, reply, 'upload', pv, UPLOAD))) return reply;
      },
      schema: {
        tags: ['maintenance'],
        summary: 'Uploads a data-sheet document (multipart: description, docType, target, file)',
        consumes: ['multipart/form-data'],
        querystring: MaintenancePvQuerySchema,
        response: {
          200: DatasheetDocumentSchema,
          400: ErrorReply,
          403: ErrorReply,
          404: ErrorReply,
          413: ErrorReply,
          415: ErrorReply,
        },
      },
    },
    async (request, reply) => {
      const pv = pvOf(request.query);
      if (!(await pvExists(services, reply, pv))) return reply;
      const checked = await receiveUpload(request, files);
      if ('statusCode' in checked) {
        await auditRefusal(services, request, `${UPLOAD}.refused`, pvKey(pv), { reason: checked.code });
        return sendError(reply, checked.statusCode, checked.code, checked.message);
      }
      const { form, file } = checked;
      let storedName: string | null = null;
      try {
        storedName = file ? await files.keep(file.incoming, file.extension) : null;
      } finally {
        if (file && storedName === null) await rm(file.incoming, { force: true });
      }
      const stored = file && storedName ? { storedName, size: file.size, kind: file.kind } : undefined;
      try {
        return await maintenance.addDocument(pv, form, actorOf(request), stored);
      } catch (error) {
        // Metadata refused or not written: the file must not stay behind.
        if (storedName !== null) await files.remove(storedName);
        if (error instanceof MaintenanceInputError)
          return sendError(reply, 400, 'invalidInput', error.message);
        throw error;
      }
    },
  );

  app.get(
    '/api/maintenance/datasheets/docs/:id/file',
    {
      preHandler: requireRight(services, 'read'),
      schema: {
        tags: ['maintenance'],
        summary: 'The stored file of a data-sheet document, as an attachment',
        params: DocumentIdParamsSchema,
        response: {
          200: Type.Unsafe<unknown>({ type: 'string', format: 'binary' }),
          403: ErrorReply,
          404: ErrorReply,
        },
      },
    },
    async (request, reply) => {
      const doc = await maintenance.document(request.params.id);
      if (doc !== undefined) {
        const action = 'maintenance.document.download';
        if (!(await allowedOnPv(services, request, reply, 'read', doc.pvRef, action))) return reply;
      }
      const file = doc?.storedName ? await files.open(doc.storedName) : null;
      if (doc === undefined || file === null)
        return sendError(reply, 404, 'documentNotFound', 'Dokument nicht gefunden.');
      const storedExt = path.extname(doc.storedName ?? '');
      const name = doc.fileName ?? `Dokument${storedExt}`;
      return reply
        .header('Content-Type', contentTypeOfStoredName(doc.storedName ?? ''))
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', attachment(path.extname(name) ? name : `${name}${storedExt}`))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, no-store')
        .send(file.stream);
    },
  );
};
