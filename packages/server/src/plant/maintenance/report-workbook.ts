import {
  localDateTimeOf,
  maintenanceUrgency,
  type MaintenanceProtocolRow,
  type RuntimeDimension,
} from '@leitwarte/core';
import ExcelJS from 'exceljs';

/** German labels as the printed report carries them (the reports' exports do the same). */
const DIMENSION_LABELS: Record<RuntimeDimension, string> = {
  Hours: 'Stunden',
  Days: 'Tage',
  Months: 'Monate',
  Years: 'Jahre',
  Cycles: 'Schaltspiele',
};
const URGENCY_LABELS = { overdue: 'Überfällig', dueSoon: 'Bald fällig', ok: '' } as const;
/** Whole cycles; hours and days to a tenth; months and years to a hundredth, as on the screen. */
const NUMBER_FORMATS: Record<RuntimeDimension, string> = {
  Cycles: '0',
  Hours: '0.0',
  Days: '0.0',
  Months: '0.00',
  Years: '0.00',
};

/** What the workbook says about itself: the protocol's title line, the plant and its time zone. */
export interface MaintenanceWorkbookMeta {
  title: string;
  plantName: string;
  timeZone: string;
  /** When the protocol was made (ms). */
  at: number;
  /** Forecast due dates (ms) by `PV key/service message type`; none gives an empty cell. */
  dueForecast?: ReadonlyMap<string, number | null>;
}

const HEADS = [
  'Station',
  'Maschine',
  'Laufzeit',
  'EKS',
  'Meldung',
  'Laufzeittyp',
  'Dimension',
  'Aktuell',
  'Soll',
  'Rest',
  'Zustand',
  'Fällig am (Prognose)',
];

/** The time zone's wall clock of an instant, as a date Excel shows unchanged (Excel has no zones). */
function wallClock(ms: number, timeZone: string): Date {
  const l = localDateTimeOf(ms, timeZone);
  return new Date(Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute));
}

/**
 * The maintenance overview protocol as XLSX: figures as numbers in their dimension with the
 * screen's decimals, overdue and due-soon rows marked by a fill, the forecast due date as a date.
 */
export async function maintenanceWorkbook(
  rows: readonly MaintenanceProtocolRow[],
  meta: MaintenanceWorkbookMeta,
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = meta.plantName;
  const sheet = book.addWorksheet('Wartung');
  sheet.addRow([meta.title, wallClock(meta.at, meta.timeZone)]).font = { bold: true };
  sheet.getCell(1, 2).numFmt = 'dd.mm.yyyy hh:mm';
  sheet.addRow(HEADS).font = { bold: true };
  const widths = [24, 24, 22, 10, 48, 18, 14, 12, 12, 12, 14, 20];
  widths.forEach((width, i) => (sheet.getColumn(i + 1).width = width));
  for (const row of rows) {
    const n = row.notification;
    const urgency = maintenanceUrgency(n.targetRuntime, n.remainingRuntime);
    const due = meta.dueForecast?.get(`${n.pvRef.type}-${n.pvRef.nr}/${n.serviceMessageType}`) ?? null;
    const added = sheet.addRow([
      row.stationName,
      row.machineName,
      row.runtimeName,
      row.eks,
      n.messageText,
      n.runtimeType,
      DIMENSION_LABELS[n.runtimeDimension],
      n.currentRuntime,
      n.targetRuntime,
      n.remainingRuntime,
      URGENCY_LABELS[urgency],
      due === null ? null : wallClock(due, meta.timeZone),
    ]);
    for (const c of [8, 9, 10]) added.getCell(c).numFmt = NUMBER_FORMATS[n.runtimeDimension];
    added.getCell(12).numFmt = 'dd.mm.yyyy';
    if (urgency !== 'ok') {
      added.getCell(11).fill = {
        type: 'pattern',
        pattern: 'solid',
        fgColor: { argb: urgency === 'overdue' ? 'FFFFC9C9' : 'FFFFF3BF' },
      };
    }
  }
  sheet.addRow([`Zeitzone: ${meta.timeZone}`]);
  sheet.views = [{ state: 'frozen', ySplit: 2 }];
  return Buffer.from(await book.xlsx.writeBuffer());
}
