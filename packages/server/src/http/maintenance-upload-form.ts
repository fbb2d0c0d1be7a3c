import {
  DOCUMENT_ARCHIVE_DAMAGED_MESSAGE,
  DOCUMENT_ARCHIVE_TOO_LARGE_MESSAGE,
  DOCUMENT_NAME_MISMATCH_MESSAGE,
  DOCUMENT_TOO_LARGE_MESSAGE,
  DOCUMENT_TYPE_REFUSED_MESSAGE,
  documentFormRefusal,
  FILE_MISSING_MESSAGE,
  MAX_DOCUMENT_BYTES,
  URL_NOT_WEB_MESSAGE,
  type ExternalDocumentForm,
} from '@leitwarte/core';
import type { FastifyRequest } from 'fastify';
import { createWriteStream } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { DocumentFiles } from '../plant/maintenance/document-files.js';
import {
  detectDocumentKind,
  nameFitsKind,
  sanitizeFileName,
  storedExtension,
} from '../plant/maintenance/document-kinds.js';

/** An upload form that passed every check: the form, and for File documents the checked file on disk. */
export interface CheckedUpload {
  form: ExternalDocumentForm;
  /** `incoming`: where the file waits (DocumentFiles.incomingPath); the caller keeps or removes it. */
  file: { incoming: string; size: number; kind: string; extension: string } | null;
}

/** Why an upload is refused: the status, a stable code and the text for the operator. */
export interface UploadRefusal {
  statusCode: 400 | 413 | 415;
  code: string;
  message: string;
}

const FIELDS = new Set(['description', 'docType', 'target', 'file']);
const MAX_FIELD_LENGTH = 2000;
const MAX_PARTS = 10;

const refuse = (statusCode: UploadRefusal['statusCode'], code: string, message: string): UploadRefusal => ({
  statusCode,
  code,
  message,
});

/** Whether a link target is an absolute http(s) URL (screens §8 "only web URLs supported"). */
function isWebUrl(target: string): boolean {
  try {
    const url = new URL(target);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Why the multipart reader stopped, in the operator's words. */
function multipartRefusal(error: unknown): UploadRefusal | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return refuse(400, 'multipartInvalid', 'Zu viele Multipart-Teile.');
  if (code === 'FST_PROTO_VIOLATION') return refuse(400, 'invalidInput', 'Unzulässiger Feldname.');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return refuse(415, 'multipartExpected', 'Erwartet wird multipart/form-data.');
  // busboy's refusals of a malformed body ("Unexpected end of form", "Malformed part header", …).
  if (error instanceof Error && !('code' in error))
    return refuse(400, 'multipartInvalid', 'Multipart-Daten fehlerhaft.');
  return null;
}

/** A file part on its way to disk: where it is written, its original name and its size so far. */
interface IncomingFile {
  path: string;
  fileName: string;
  size: number;
  truncated: boolean;
}

/**
 * Reads an upload (calls §5: description, docType, optional target, and a file only for docType
 * File) as a stream: text fields into memory (2,000 characters at most), the file straight to an
 * incoming file on disk, cut at 20 MiB. Then the same checks as ever: the file's kind is decided
 * by its content (read from disk in chunks), its name only has to agree. Whatever is refused
 * leaves nothing behind.
 */
export async function receiveUpload(
  request: FastifyRequest,
  files: Pick<DocumentFiles, 'incomingPath'>,
): Promise<CheckedUpload | UploadRefusal> {
  if (!request.isMultipart()) return refuse(415, 'multipartExpected', 'Erwartet wird multipart/form-data.');
  const fields = new Map<string, string>();
  const seen = new Set<string>();
  let file: IncomingFile | null = null;
  let refusal: UploadRefusal | null = null;
  const drop = async () => {
    if (file) await fsp.rm(file.path, { force: true });
  };
  try {
    const parts = request.parts({
      limits: {
        parts: MAX_PARTS,
        files: 1,
        fieldSize: MAX_FIELD_LENGTH * 4,
        fileSize: MAX_DOCUMENT_BYTES,
        headerPairs: 20,
      },
    });
    for await (const part of parts) {
      const name = part.fieldname;
      const problem = !FIELDS.has(name)
        ? refuse(400, 'invalidInput', `Unbekanntes Feld ${name}.`)
        : seen.has(name)
          ? refuse(400, 'multipartInvalid', `Feld ${name} doppelt.`)
          : (part.type === 'file') !== (name === 'file')
            ? refuse(400, 'invalidInput', `Feld ${name} hat die falsche Art.`)
            : null;
      seen.add(name);
      if (problem || refusal) {
        refusal ??= problem;
        // The rest of the body is read and dropped: the reply waits for the request to end.
        if (part.type === 'file') part.file.resume();
        continue;
      }
      if (part.type === 'file') {
        const incoming: IncomingFile = {
          path: await files.incomingPath(),
          fileName: part.filename,
          size: 0,
          truncated: false,
        };
        file = incoming;
        part.file.on('data', (chunk: Buffer) => (incoming.size += chunk.length));
        await pipeline(part.file, createWriteStream(incoming.path, { flags: 'wx', mode: 0o640 }));
        incoming.truncated = part.file.truncated;
      } else {
        fields.set(name, typeof part.value === 'string' ? part.value : String(part.value));
      }
    }
  } catch (error) {
    await drop();
    const known = multipartRefusal(error);
    if (known) return known;
    throw error;
  }
  const checked = refusal ?? (await checkParts(fields, file));
  if ('statusCode' in checked) await drop();
  return checked;
}

/** The checks of a fully received upload. */
async function checkParts(
  fields: ReadonlyMap<string, string>,
  file: IncomingFile | null,
): Promise<CheckedUpload | UploadRefusal> {
  const description = fields.get('description') ?? '';
  const docType = fields.get('docType') ?? '';
  const target = fields.get('target');
  if (description.length > MAX_FIELD_LENGTH || (target?.length ?? 0) > MAX_FIELD_LENGTH) {
    return refuse(400, 'invalidInput', `Eingaben sind auf ${MAX_FIELD_LENGTH} Zeichen begrenzt.`);
  }
  if (docType !== 'File' && docType !== 'Link')
    return refuse(400, 'invalidInput', 'Unbekannter Dokumenttyp.');
  if (docType !== 'File') {
    if (file) return refuse(400, 'invalidInput', 'Eine Datei gehört nur zum Dokumenttyp File.');
    const form: ExternalDocumentForm = { description, docType, target };
    const refusal = documentFormRefusal(form);
    if (refusal) return refuse(400, 'invalidInput', refusal);
    if (!isWebUrl((target ?? '').trim())) return refuse(400, 'invalidInput', URL_NOT_WEB_MESSAGE);
    return { form, file: null };
  }
  if (!file || file.size === 0) return refuse(400, 'invalidInput', FILE_MISSING_MESSAGE);
  if (file.truncated || file.size > MAX_DOCUMENT_BYTES)
    return refuse(413, 'documentTooLarge', DOCUMENT_TOO_LARGE_MESSAGE);
  const kind = await detectDocumentKind({ path: file.path });
  if (kind === 'archiveTooLarge')
    return refuse(413, 'documentArchiveTooLarge', DOCUMENT_ARCHIVE_TOO_LARGE_MESSAGE);
  if (kind === 'archiveDamaged')
    return refuse(400, 'documentArchiveDamaged', DOCUMENT_ARCHIVE_DAMAGED_MESSAGE);
  if (kind === 'refused') return refuse(415, 'documentTypeRefused', DOCUMENT_TYPE_REFUSED_MESSAGE);
  const extension = storedExtension(file.fileName, kind);
  let fileName = sanitizeFileName(file.fileName);
  if (path.extname(fileName) === '') fileName = `${fileName || 'Dokument'}${extension}`;
  if (!nameFitsKind(fileName, kind))
    return refuse(415, 'documentNameMismatch', DOCUMENT_NAME_MISMATCH_MESSAGE);
  const form: ExternalDocumentForm = { description, docType, fileName };
  const refusal = documentFormRefusal(form);
  if (refusal) return refuse(400, 'invalidInput', refusal);
  return { form, file: { incoming: file.path, size: file.size, kind: kind.id, extension } };
}
