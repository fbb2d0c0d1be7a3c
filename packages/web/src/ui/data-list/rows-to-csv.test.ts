import { describe, expect, it } from 'vitest';
import { csvFile, csvFormatFor, rowsToCsv } from './rows-to-csv';
import type { DataListColumn } from './types';

interface Row {
  text: string;
  value: number | null;
  at: number;
}
const columns: DataListColumn<Row>[] = [
  { id: 'text', label: 'Meldung', value: (r) => r.text },
  { id: 'value', label: 'Wert; roh', value: (r) => r.value },
  { id: 'at', label: 'Zeit', value: (r) => r.at, exportValue: (r) => new Date(r.at).toISOString() },
];

describe('rowsToCsv', () => {
  it('writes a header of labels and one line per row, CRLF line ends (RFC 4180)', () => {
    const csv = rowsToCsv([{ text: 'Pumpe aus', value: 1.5, at: 0 }], columns);
    expect(csv).toBe('Meldung,Wert; roh,Zeit\r\nPumpe aus,1.5,1970-01-01T00:00:00.000Z\r\n');
  });

  it('quotes separators, quotes and line breaks, doubling quotes', () => {
    const csv = rowsToCsv(
      [{ text: 'Sagt "Hallo",\r\nzweite Zeile', value: null, at: 0 }],
      columns.slice(0, 2),
    );
    expect(csv).toBe('Meldung,Wert; roh\r\n"Sagt ""Hallo"",\r\nzweite Zeile",\r\n');
  });

  it('uses semicolons and decimal commas for German, Czech and Russian; commas for English', () => {
    expect(csvFormatFor('de')).toEqual({ separator: ';', decimalMark: ',' });
    expect(csvFormatFor('cs-CZ')).toEqual({ separator: ';', decimalMark: ',' });
    expect(csvFormatFor('ru')).toEqual({ separator: ';', decimalMark: ',' });
    expect(csvFormatFor('en')).toEqual({ separator: ',', decimalMark: '.' });
    const csv = rowsToCsv([{ text: 'a,b', value: -2.25, at: 0 }], columns.slice(0, 2), csvFormatFor('de'));
    expect(csv).toBe('Meldung;"Wert; roh"\r\na,b;-2,25\r\n');
  });

  it('writes only the columns given, in their order', () => {
    const csv = rowsToCsv([{ text: 'x', value: 3, at: 0 }], [columns[1]!, columns[0]!]);
    expect(csv).toBe('Wert; roh,Meldung\r\n3,x\r\n');
  });

  it('keeps a spreadsheet from running a text as a formula', () => {
    const csv = rowsToCsv([{ text: '=HYPERLINK("x")', value: -1, at: 0 }], columns.slice(0, 2));
    expect(csv).toBe('Meldung,Wert; roh\r\n"\'=HYPERLINK(""x"")",-1\r\n');
  });

  it('makes a UTF-8 file with a byte order mark for spreadsheets', async () => {
    const file = csvFile('Störung;Авария\r\n', 'meldungen.csv');
    expect(file.name).toBe('meldungen.csv');
    expect(file.type).toBe('text/csv;charset=utf-8');
    const buffer = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(file);
    });
    const bytes = new Uint8Array(buffer);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('Störung;Авария\r\n');
  });
});
