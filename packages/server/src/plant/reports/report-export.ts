import {
  REPORT_FOOTER_KINDS,
  reportFooter,
  type Annotation,
  type ExportSettings,
  type ReportData,
  type ReportExportFormat,
  type ReportFooterKind,
} from '@leitwarte/core';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';

/** What a file needs besides the data: the report's name, the plant and its time zone. */
export interface ReportExportMeta {
  reportName: string;
  plantName: string;
  timeZone: string;
  /** Annotations flagged for this report kind within its span. */
  annotations: readonly Annotation[];
}

/** A made file: its bytes, content type and the name sent in content-disposition. */
export interface ReportFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

/** German labels of the footer rows, as the printed report carries them. */
export const FOOTER_LABELS: Record<ReportFooterKind, string> = {
  sum: 'Summe',
  mean: 'Mittel',
  min: 'Min',
  max: 'Max',
};
/** The mark of a manually entered value, explained under the table. */
export const MANUAL_MARK = '*';
export const MANUAL_LEGEND = '* Handeingabe';

/** Whether a cell shows a value entered by hand (enabled manual input with a value). */
export const isManualCell = (cell: { manualInput: string | null; value: number | null }) =>
  cell.manualInput === 'Enabled' && cell.value !== null;

function fixed(value: number | null, decimals: number, decimalMark: string): string {
  if (value === null) return '';
  const text = value.toFixed(decimals);
  return decimalMark === '.' ? text : text.replace('.', decimalMark);
}

const dateTimeText = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('de-DE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(ms);

/** The column heads with units: `Netzdruck Mittel [bar]`. */
const headOf = (column: { title: string; unit: string }) =>
  column.unit ? `${column.title} [${column.unit}]` : column.title;

/** A file name from the report's name and date, safe in a header and on every file system. */
export function reportFileName(data: ReportData, reportName: string, format: ReportExportFormat): string {
  const safe = reportName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${safe || 'Bericht'}_${data.date}.${format}`;
}

function footers(data: ReportData) {
  return data.columns.map((_, c) => reportFooter(data.rows.map((r) => r.values[c]?.value ?? null)));
}

function annotationLines(meta: ReportExportMeta): string[] {
  return meta.annotations.map(
    (a) => `${dateTimeText(a.timestamp, meta.timeZone)} ${a.pv.type}-${a.pv.nr}: ${a.text}`,
  );
}

function csvField(text: string, separator: string): string {
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV with the user's separator and decimal mark, UTF-8 with BOM and CRLF (what German spreadsheets open). */
export function reportCsv(data: ReportData, meta: ReportExportMeta, settings: ExportSettings): Buffer {
  const sep = settings.csvSeparator === 'tab' ? '\t' : settings.csvSeparator;
  const mark = settings.decimalMark;
  const line = (fields: string[]) => fields.map((f) => csvField(f, sep)).join(sep);
  const lines = [
    line([meta.reportName, data.date]),
    line(['Zeit', ...data.columns.map(headOf)]),
    ...data.rows.map((row) =>
      line([
        row.label,
        ...row.values.map((cell, c) =>
          cell.value === null
            ? ''
            : fixed(cell.value, data.columns[c]?.decimals ?? 2, mark) +
              (isManualCell(cell) ? MANUAL_MARK : ''),
        ),
      ]),
    ),
  ];
  const sums = footers(data);
  for (const kind of REPORT_FOOTER_KINDS) {
    lines.push(
      line([
        FOOTER_LABELS[kind],
        ...sums.map((f, c) => fixed(f[kind], data.columns[c]?.decimals ?? 2, mark)),
      ]),
    );
  }
  if (data.rows.some((r) => r.values.some(isManualCell))) lines.push(line([MANUAL_LEGEND]));
  for (const text of annotationLines(meta)) lines.push(line([text]));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/**
 * XLSX with numbers as numbers (formatted with the column's decimals), units in the heads,
 * footer rows, and each manual value marked by a fill and a note "Handeingabe".
 */
export async function reportXlsx(data: ReportData, meta: ReportExportMeta): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = meta.plantName;
  const sheet = book.addWorksheet(data.date);
  sheet.addRow([meta.reportName, data.date]).font = { bold: true };
  const head = sheet.addRow(['Zeit', ...data.columns.map(headOf)]);
  head.font = { bold: true };
  sheet.getColumn(1).width = 12;
  data.columns.forEach((column, c) => {
    const col = sheet.getColumn(c + 2);
    col.width = Math.max(12, headOf(column).length + 2);
    col.numFmt = column.decimals > 0 ? `0.${'0'.repeat(column.decimals)}` : '0';
  });
  for (const row of data.rows) {
    const added = sheet.addRow([row.label, ...row.values.map((cell) => cell.value)]);
    row.values.forEach((cell, c) => {
      if (!isManualCell(cell)) return;
      const target = added.getCell(c + 2);
      target.note = 'Handeingabe';
      target.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF3BF' } };
    });
  }
  const sums = footers(data);
  for (const kind of REPORT_FOOTER_KINDS) {
    sheet.addRow([FOOTER_LABELS[kind], ...sums.map((f) => f[kind])]).font = { bold: true };
  }
  if (data.rows.some((r) => r.values.some(isManualCell))) sheet.addRow([MANUAL_LEGEND]);
  for (const text of annotationLines(meta)) sheet.addRow([text]);
  sheet.views = [{ state: 'frozen', xSplit: 1, ySplit: 2 }];
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** PDF as printed: title, a table with units and footer rows, manual values marked, annotations. */
export function reportPdf(
  data: ReportData,
  meta: ReportExportMeta,
  settings: ExportSettings,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: settings.paperSize,
    layout: settings.orientation,
    margin: 36,
    info: { Title: `${meta.reportName} ${data.date}`, Author: meta.plantName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const firstWidth = 62;
  const colWidth = (width - firstWidth) / Math.max(1, data.columns.length);
  const fontSize = data.columns.length > 8 ? 6.5 : 8;
  const rowHeight = fontSize + 4;
  const mark = settings.decimalMark;

  const title = () => {
    doc.font('Helvetica-Bold').fontSize(12).text(`${meta.reportName} — ${data.date}`, left, doc.y);
    doc.font('Helvetica').fontSize(8).text(meta.plantName);
    doc.moveDown(0.5);
  };
  const cells = (texts: string[], bold: boolean, height = rowHeight) => {
    if (doc.y + height > bottom()) {
      doc.addPage();
      title();
    }
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(fontSize);
    texts.forEach((text, i) => {
      const x = i === 0 ? left : left + firstWidth + (i - 1) * colWidth;
      doc.text(text, x + 2, y + 2, {
        width: (i === 0 ? firstWidth : colWidth) - 4,
        align: i === 0 ? 'left' : 'right',
        height: height - 2,
        ellipsis: true,
        lineBreak: height > rowHeight,
      });
    });
    doc
      .moveTo(left, y + height)
      .lineTo(left + width, y + height)
      .lineWidth(0.3)
      .strokeColor('#999999')
      .stroke();
    doc.x = left;
    doc.y = y + height;
  };

  title();
  cells(['Zeit', ...data.columns.map(headOf)], true, rowHeight * 3);
  for (const row of data.rows) {
    cells(
      [
        row.label,
        ...row.values.map((cell, c) =>
          cell.value === null
            ? ''
            : fixed(cell.value, data.columns[c]?.decimals ?? 2, mark) +
              (isManualCell(cell) ? ` ${MANUAL_MARK}` : ''),
        ),
      ],
      false,
    );
  }
  const sums = footers(data);
  for (const kind of REPORT_FOOTER_KINDS) {
    cells(
      [FOOTER_LABELS[kind], ...sums.map((f, c) => fixed(f[kind], data.columns[c]?.decimals ?? 2, mark))],
      true,
    );
  }
  doc.moveDown(0.5).font('Helvetica').fontSize(fontSize);
  if (data.rows.some((r) => r.values.some(isManualCell))) doc.text(MANUAL_LEGEND, left);
  const notes = annotationLines(meta);
  if (notes.length > 0) {
    doc.moveDown(0.5).font('Helvetica-Bold').text('Anmerkungen', left).font('Helvetica');
    for (const text of notes) doc.text(text, left, undefined, { width });
  }
  doc.end();
  return done;
}

/** The report as a file in the format asked for. */
export async function exportReport(
  data: ReportData,
  meta: ReportExportMeta,
  format: ReportExportFormat,
  settings: ExportSettings,
): Promise<ReportFile> {
  const fileName = reportFileName(data, meta.reportName, format);
  switch (format) {
    case 'csv':
      return { body: reportCsv(data, meta, settings), contentType: 'text/csv; charset=utf-8', fileName };
    case 'xlsx':
      return {
        body: await reportXlsx(data, meta),
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        fileName,
      };
    case 'pdf':
      return { body: await reportPdf(data, meta, settings), contentType: 'application/pdf', fileName };
  }
}
