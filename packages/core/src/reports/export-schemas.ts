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
