/** One part of a multipart/form-data body: a text field, or a file with its original name. */
export interface FormPart {
  name: string;
  /** Set for file parts (possibly empty when the browser sent no name). */
  fileName: string | null;
  data: Buffer;
}

/** A body that is no well-formed multipart/form-data of the expected size; the message is for the operator. */
export class MultipartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MultipartError';
  }
}

const MAX_PARTS = 10;
const MAX_HEADER_BYTES = 4096;
const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/** The boundary of a multipart/form-data content type (RFC 2046: 1 to 70 characters). */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2] ?? null;
  return boundary !== null && /^[0-9A-Za-z'()+_,./:=?-]+( *[0-9A-Za-z'()+_,./:=?-]+)*$/.test(boundary)
    ? boundary
    : null;
}

/** A parameter of a Content-Disposition header; browsers escape '"' as %22 and line breaks as %0A/%0D. */
function dispositionParam(header: string, key: string): string | null {
  const match = new RegExp(`;\\s*${key}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(header);
  if (!match) return null;
  return (match[1] ?? '')
    .replace(/\\(.)/g, '$1')
    .replace(/%22/g, '"')
    .replace(/%0A/gi, '\n')
    .replace(/%0D/gi, '\r');
}

/**
 * Splits a buffered multipart/form-data body into its parts. Strict: at most 10 parts, small
 * part headers, every part named by a form-data Content-Disposition, no name twice.
 */
export function parseMultipart(body: Buffer, boundary: string): FormPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const next = Buffer.from(`\r\n--${boundary}`);
  if (body.indexOf(delimiter) !== 0) throw new MultipartError('Multipart-Anfang fehlt.');
  const parts: FormPart[] = [];
  let at = delimiter.length;
  for (;;) {
    if (body.subarray(at, at + 2).toString() === '--') return parts;
    if (body.indexOf(CRLF, at) !== at) throw new MultipartError('Multipart-Trenner fehlerhaft.');
    at += CRLF.length;
    const headerEnd = body.indexOf(HEADER_END, at);
    if (headerEnd < 0 || headerEnd - at > MAX_HEADER_BYTES) {
      throw new MultipartError('Multipart-Kopf fehlerhaft.');
    }
    const headers = body.toString('utf8', at, headerEnd).split('\r\n');
    const disposition = headers.find((h) => /^content-disposition:/i.test(h)) ?? '';
    const name = dispositionParam(disposition, 'name');
    if (!/^content-disposition:\s*form-data\s*;/i.test(disposition) || name === null) {
      throw new MultipartError('Multipart-Teil ohne Namen.');
    }
    if (parts.some((p) => p.name === name)) throw new MultipartError(`Feld ${name} doppelt.`);
    const end = body.indexOf(next, headerEnd + HEADER_END.length);
    if (end < 0) throw new MultipartError('Multipart-Ende fehlt.');
    parts.push({
      name,
      fileName: dispositionParam(disposition, 'filename'),
      data: body.subarray(headerEnd + HEADER_END.length, end),
    });
    if (parts.length > MAX_PARTS) throw new MultipartError('Zu viele Multipart-Teile.');
    at = end + next.length;
  }
}
