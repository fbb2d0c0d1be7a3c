import { Type, type Static } from 'typebox';
import { literalUnion } from '../contract/common.js';

/** File formats a report is exported in, made on the server. */
export const REPORT_EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
/** One of the export formats. */
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];

export const ReportExportFormatSchema = literalUnion(REPORT_EXPORT_FORMATS);

/** A user's export defaults: CSV separator and decimal mark, the format offered first, PDF paper. */
export const ExportSettingsSchema = Type.Object(
  {
    format: ReportExportFormatSchema,
    csvSeparator: literalUnion([';', ',', 'tab'] as const),
    decimalMark: literalUnion([',', '.'] as const),
    paperSize: literalUnion(['A4', 'A3', 'LETTER'] as const),
    orientation: literalUnion(['portrait', 'landscape'] as const),
  },
  { additionalProperties: false },
);
export type ExportSettings = Static<typeof ExportSettingsSchema>;

/** Defaults as German utilities use them: semicolon and decimal comma (spreadsheets split on `;`), A4 landscape. */
export const DEFAULT_EXPORT_SETTINGS: ExportSettings = {
  format: 'xlsx',
  csvSeparator: ';',
  decimalMark: ',',
  paperSize: 'A4',
  orientation: 'landscape',
};

/** Query of the export call: the report date and the format; the rest comes from the user's settings. */
export const ReportExportQuerySchema = Type.Object({
  date: Type.String({ maxLength: 10 }),
  format: ReportExportFormatSchema,
});
export type ReportExportQuery = Static<typeof ReportExportQuerySchema>;

/** Report kinds a scheduled export can run: each runs once per period of its kind. */
export const SCHEDULED_EXPORT_KINDS = ['day', 'week', 'month', 'year'] as const;

/**
 * A folder below the server's export directory: one to four names of letters, digits, `_` and
 * `-`, so a scheduled export can never write outside it.
 */
export const EXPORT_FOLDER_PATTERN = '^[A-Za-z0-9_-]{1,64}(/[A-Za-z0-9_-]{1,64}){0,3}$';

/** What a user sets up: a report, its format, the time of day it runs, the folder and mail recipients. */
export const ScheduledExportInputSchema = Type.Object(
  {
    configId: Type.Integer({ minimum: 1 }),
    kind: literalUnion(SCHEDULED_EXPORT_KINDS),
    format: ReportExportFormatSchema,
    /** HH:mm in the plant's time zone, on the first day after the period. */
    timeOfDay: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', maxLength: 5 }),
    folder: Type.String({ pattern: EXPORT_FOLDER_PATTERN, maxLength: 260 }),
    recipients: Type.Array(Type.String({ format: 'email', maxLength: 254 }), { maxItems: 10 }),
  },
  { additionalProperties: false },
);
export type ScheduledExportInput = Static<typeof ScheduledExportInputSchema>;

/** One run of a scheduled export: the report date it exported and how it went. */
export const ScheduledExportRunSchema = Type.Object({
  period: Type.String(),
  status: literalUnion(['Running', 'Success', 'Failed'] as const),
  fileName: Type.Union([Type.String(), Type.Null()]),
  message: Type.String(),
  ranAt: Type.Number(),
});
export type ScheduledExportRun = Static<typeof ScheduledExportRunSchema>;

/** A scheduled export with its latest runs (newest first). */
export const ScheduledExportSchema = Type.Object({
  ...ScheduledExportInputSchema.properties,
  id: Type.Integer(),
  reportName: Type.String(),
  createdAt: Type.Number(),
  runs: Type.Array(ScheduledExportRunSchema),
});
export type ScheduledExport = Static<typeof ScheduledExportSchema>;
