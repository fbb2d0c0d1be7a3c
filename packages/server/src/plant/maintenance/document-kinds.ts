import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { inspectArchive } from './office-archive.js';

/** A document kind a data sheet accepts: recognised by its content, never by name or declared type. */
export interface DocumentKind {
  id: 'pdf' | 'png' | 'jpeg' | 'text' | 'docx' | 'xlsx';
  /** Name endings that belong to the kind; the first is used when the name has none of them. */
  extensions: readonly string[];
}

const KINDS: Readonly<Record<DocumentKind['id'], DocumentKind>> = {
  pdf: { id: 'pdf', extensions: ['.pdf'] },
  png: { id: 'png', extensions: ['.png'] },
  jpeg: { id: 'jpeg', extensions: ['.jpg', '.jpeg'] },
  text: { id: 'text', extensions: ['.txt', '.csv'] },
  docx: { id: 'docx', extensions: ['.docx'] },
  xlsx: { id: 'xlsx', extensions: ['.xlsx'] },
};

/** Content type a stored document is served with, by the ending of its generated name. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The content type of a stored name; anything unknown is served as opaque bytes. */
export function contentTypeOfStoredName(storedName: string): string {
  return CONTENT_TYPES[path.extname(storedName).toLowerCase()] ?? 'application/octet-stream';
}

const startsWith = (bytes: Buffer, prefix: readonly number[]) =>
  bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);

/** Office Open XML documents are ZIPs with a content-types part and the part of their kind. */
function officeKind(names: readonly string[]): DocumentKind | null {
  if (!names.includes('[Content_Types].xml')) return null;
  if (names.includes('word/document.xml')) return KINDS.docx;
  if (names.includes('xl/workbook.xml')) return KINDS.xlsx;
  return null;
}

/** Markup at a text's start (HTML or SVG) is never "text" here. */
const MARKUP_START = /^\uFEFF?\s*</;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

/**
 * Plain text: valid UTF-8 without control characters other than tab, line feed, carriage return
 * and form feed, and no markup at its start. Decoded chunk by chunk, so a file is checked
 * without being held in memory.
 */
async function isPlainText(chunks: AsyncIterable<Buffer>): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let start = '';
  try {
    for await (const chunk of chunks) {
      const text = decoder.decode(chunk, { stream: true });
      if (CONTROL.test(text)) return false;
      // Only the start matters: collected while it is blanks, so the first other character is in it.
      if (/^\uFEFF?\s*$/.test(start)) start += text;
    }
    const rest = decoder.decode();
    if (CONTROL.test(rest)) return false;
    start += rest;
  } catch {
    return false;
  }
  return !MARKUP_START.test(start);
}

async function* once(bytes: Buffer): AsyncIterable<Buffer> {
  yield bytes;
}

/** What a file's content is: an allowed kind, none of them, or an archive that unpacks to too much. */
export type DetectedDocument = DocumentKind | 'refused' | 'archiveTooLarge' | 'archiveDamaged';

/** The first bytes of a file: enough for every signature checked here. */
async function headOf(file: string): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const head = Buffer.alloc(8);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The kind of a file's content, given as bytes or as a file (an upload streamed to disk: read
 * in chunks, never whole). DOCX and XLSX are ZIP archives: they are read (entry count, declared
 * and actual unpacked sizes, office-archive.ts) before their parts are looked at.
 */
export async function detectDocumentKind(source: Buffer | { path: string }): Promise<DetectedDocument> {
  const head = Buffer.isBuffer(source) ? source.subarray(0, 8) : await headOf(source.path);
  if (head.length === 0) return 'refused';
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return KINDS.pdf; // %PDF-
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return KINDS.png;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return KINDS.jpeg;
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    const archive = await inspectArchive(source);
    if (!archive.ok) {
      if (archive.reason === 'invalid') return 'refused';
      return archive.reason === 'damaged' ? 'archiveDamaged' : 'archiveTooLarge';
    }
    return officeKind(archive.names) ?? 'refused';
  }
  const chunks = Buffer.isBuffer(source) ? once(source) : createReadStream(source.path);
  return (await isPlainText(chunks)) ? KINDS.text : 'refused';
}

/** Whether the ending of an (already sanitised) original name belongs to the detected kind. */
export function nameFitsKind(fileName: string, kind: DocumentKind): boolean {
  return kind.extensions.includes(path.extname(fileName).toLowerCase());
}

/** The ending of the generated name: the original's if it fits the kind, else the kind's first. */
export function storedExtension(fileName: string, kind: DocumentKind): string {
  const ext = path.extname(fileName).toLowerCase();
  return kind.extensions.includes(ext) ? ext : (kind.extensions[0] ?? '.bin');
}

/** Longest original name kept as metadata. */
const MAX_NAME_LENGTH = 200;

/**
 * The original file name reduced to something harmless to keep and show: no directories (so no
 * "../"), no control or bidi-override characters, no leading dots, at most 200 characters with
 * the ending kept. Never used as a path: stored files get generated names.
 */
export function sanitizeFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const clean = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/^[.\s]+/, '')
    .trim();
  if (clean.length <= MAX_NAME_LENGTH) return clean;
  const ext = path.extname(clean).slice(0, 10);
  return clean.slice(0, MAX_NAME_LENGTH - ext.length) + ext;
}
