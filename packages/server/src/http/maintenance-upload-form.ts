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
import path from 'node:path';
import {
  detectDocumentKind,
  nameFitsKind,
  sanitizeFileName,
  storedExtension,
} from '../plant/maintenance/document-kinds.js';
import { MultipartError, multipartBoundary, parseMultipart } from './maintenance-multipart.js';

/** An upload form that passed every check: the form, and for File documents the checked file. */
export interface CheckedUpload {
  form: ExternalDocumentForm;
  file: { bytes: Buffer; kind: string; extension: string } | null;
}

/** Why an upload is refused: the status, a stable code and the text for the operator. */
export interface UploadRefusal {
  statusCode: 400 | 413 | 415;
  code: string;
  message: string;
}

const FIELDS = new Set(['description', 'docType', 'target', 'file']);
const MAX_FIELD_LENGTH = 2000;

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

/**
 * Checks an upload body (calls §5): description, docType, optional target, and a file only for
 * docType File. The file's kind is decided by its content; its name only has to agree.
 */
export async function checkUpload(
  body: unknown,
  contentType: string | undefined,
): Promise<CheckedUpload | UploadRefusal> {
  const boundary = multipartBoundary(contentType);
  if (!Buffer.isBuffer(body) || boundary === null) {
    return refuse(415, 'multipartExpected', 'Erwartet wird multipart/form-data.');
  }
  let parts;
  try {
    parts = parseMultipart(body, boundary);
  } catch (error) {
    if (error instanceof MultipartError) return refuse(400, 'multipartInvalid', error.message);
    throw error;
  }
  const unknown = parts.find((p) => !FIELDS.has(p.name));
  if (unknown) return refuse(400, 'invalidInput', `Unbekanntes Feld ${unknown.name}.`);
  const text = (name: string) =>
    parts.find((p) => p.name === name && p.fileName === null)?.data.toString('utf8');
  const description = text('description') ?? '';
  const docType = text('docType') ?? '';
  const target = text('target');
  if (description.length > MAX_FIELD_LENGTH || (target?.length ?? 0) > MAX_FIELD_LENGTH) {
    return refuse(400, 'invalidInput', `Eingaben sind auf ${MAX_FIELD_LENGTH} Zeichen begrenzt.`);
  }
  if (docType !== 'File' && docType !== 'Link')
    return refuse(400, 'invalidInput', 'Unbekannter Dokumenttyp.');
  const filePart = parts.find((p) => p.name === 'file');
  if (docType !== 'File') {
    if (filePart) return refuse(400, 'invalidInput', 'Eine Datei gehört nur zum Dokumenttyp File.');
    const form: ExternalDocumentForm = { description, docType, target };
    const refusal = documentFormRefusal(form);
    if (refusal) return refuse(400, 'invalidInput', refusal);
    if (!isWebUrl((target ?? '').trim())) return refuse(400, 'invalidInput', URL_NOT_WEB_MESSAGE);
    return { form, file: null };
  }
  if (!filePart || filePart.fileName === null || filePart.data.length === 0) {
    return refuse(400, 'invalidInput', FILE_MISSING_MESSAGE);
  }
  if (filePart.data.length > MAX_DOCUMENT_BYTES)
    return refuse(413, 'documentTooLarge', DOCUMENT_TOO_LARGE_MESSAGE);
  const kind = await detectDocumentKind(filePart.data);
  if (kind === 'archiveTooLarge')
    return refuse(413, 'documentArchiveTooLarge', DOCUMENT_ARCHIVE_TOO_LARGE_MESSAGE);
  if (kind === 'archiveDamaged')
    return refuse(400, 'documentArchiveDamaged', DOCUMENT_ARCHIVE_DAMAGED_MESSAGE);
  if (kind === 'refused') return refuse(415, 'documentTypeRefused', DOCUMENT_TYPE_REFUSED_MESSAGE);
  const extension = storedExtension(filePart.fileName, kind);
  let fileName = sanitizeFileName(filePart.fileName);
  if (path.extname(fileName) === '') fileName = `${fileName || 'Dokument'}${extension}`;
  if (!nameFitsKind(fileName, kind))
    return refuse(415, 'documentNameMismatch', DOCUMENT_NAME_MISMATCH_MESSAGE);
  const form: ExternalDocumentForm = { description, docType, fileName };
  const refusal = documentFormRefusal(form);
  if (refusal) return refuse(400, 'invalidInput', refusal);
  return { form, file: { bytes: filePart.data, kind: kind.id, extension } };
}
