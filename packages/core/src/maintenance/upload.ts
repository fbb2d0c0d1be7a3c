import { Type, type Static } from 'typebox';

/** Header carrying the single-use upload token of POST /api/maintenance/datasheets/docs (calls §5). */
export const UPLOAD_TOKEN_HEADER = 'x-upload-token';

/** Largest document a data sheet accepts: 20 MiB. */
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;

/** How long an upload token stays valid after it was issued. */
export const UPLOAD_TOKEN_TTL_MS = 5 * 60 * 1000;

/** Text of a cancelled upload (screens §8 "upload cancelled"); the screen shows the catalogue's wording. */
export const UPLOAD_CANCELLED = 'upload cancelled';

/** Message for a refused upload token (screens §8 "transmitted token incorrect"). */
export const UPLOAD_TOKEN_INCORRECT_MESSAGE = 'Das übermittelte Token ist nicht korrekt.';

/** Message for a document over the size limit. */
export const DOCUMENT_TOO_LARGE_MESSAGE = 'Die Datei ist zu groß (höchstens 20 MiB).';

/** Message for a file whose content is none of the allowed document kinds. */
export const DOCUMENT_TYPE_REFUSED_MESSAGE =
  'Dateityp nicht erlaubt: erlaubt sind PDF, PNG, JPEG, Text (TXT, CSV), DOCX und XLSX.';

/** Message for a DOCX or XLSX that unpacks to too much (a zip bomb) or has too many parts. */
export const DOCUMENT_ARCHIVE_TOO_LARGE_MESSAGE =
  'Das Dokument ist entpackt zu groß oder besteht aus zu vielen Teilen (höchstens 100 MiB und 1.000 Teile).';

/** Message for a DOCX or XLSX whose parts do not unpack to what the archive says (forged or broken). */
export const DOCUMENT_ARCHIVE_DAMAGED_MESSAGE =
  'Das Dokument ist beschädigt: seine Teile entpacken sich nicht zu der Größe, die es angibt.';

/** Message for a file whose name claims another kind than its content. */
export const DOCUMENT_NAME_MISMATCH_MESSAGE = 'Dateiname und Dateiinhalt passen nicht zusammen.';

/** Reply of POST /api/maintenance/datasheets/docs/token: a single-use token for one upload. */
export const UploadTokenReplySchema = Type.Object({
  token: Type.String(),
  /** Milliseconds since the epoch after which the token is refused. */
  expiresAt: Type.Number(),
});
export type UploadTokenReply = Static<typeof UploadTokenReplySchema>;

/** Params of the route serving an uploaded document back as an attachment. */
export const DocumentIdParamsSchema = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
});
export type DocumentIdParams = Static<typeof DocumentIdParamsSchema>;

/** Path serving the file of a data-sheet document as an attachment. */
export const documentFilePath = (id: number) => `/api/maintenance/datasheets/docs/${id}/file`;
