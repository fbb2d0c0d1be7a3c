import { describe, expect, it } from 'vitest';
import { detectDocumentKind, nameFitsKind, sanitizeFileName, storedExtension } from './document-kinds.js';

/** A ZIP archive of empty, stored entries: local headers, central directory, end record. */
function zip(names: string[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const name of names) {
    const n = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, n);
    centrals.push(central, n);
    offset += local.length + n.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(names.length, 8);
  end.writeUInt16LE(names.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

describe('document kinds are decided by content', () => {
  it('recognises PDF, PNG, JPEG, plain text, DOCX and XLSX', () => {
    expect(detectDocumentKind(Buffer.from('%PDF-1.7\n'))?.id).toBe('pdf');
    expect(detectDocumentKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))?.id).toBe('png');
    expect(detectDocumentKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))?.id).toBe('jpeg');
    expect(detectDocumentKind(Buffer.from('Messstelle;Wert\r\nP1;4,2\r\n'))?.id).toBe('text');
    expect(detectDocumentKind(zip(['[Content_Types].xml', 'word/document.xml']))?.id).toBe('docx');
    expect(detectDocumentKind(zip(['[Content_Types].xml', 'xl/workbook.xml']))?.id).toBe('xlsx');
  });

  it('refuses markup, binaries, other archives and empty files', () => {
    for (const text of ['<!DOCTYPE html><p>x', '  <svg onload="x()"/>', '\uFEFF<script>']) {
      expect(detectDocumentKind(Buffer.from(text)), text).toBeNull();
    }
    expect(detectDocumentKind(Buffer.from([0x4d, 0x5a, 0x90, 0x00]))).toBeNull();
    expect(detectDocumentKind(Buffer.from([0xc3, 0x28]))).toBeNull(); // not UTF-8
    expect(detectDocumentKind(zip(['evil.exe']))).toBeNull();
    expect(detectDocumentKind(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2]))).toBeNull();
    expect(detectDocumentKind(Buffer.alloc(0))).toBeNull();
  });

  it('wants the name to agree with the content and keeps the stored ending to the kind', () => {
    const pdf = detectDocumentKind(Buffer.from('%PDF-1.4'))!;
    expect(nameFitsKind('BA.PDF', pdf)).toBe(true);
    expect(nameFitsKind('BA.html', pdf)).toBe(false);
    const text = detectDocumentKind(Buffer.from('a;b'))!;
    expect(storedExtension('werte.csv', text)).toBe('.csv');
    expect(storedExtension('werte.html', text)).toBe('.txt');
  });

  it('sanitises the original name: no directories, control or bidi characters, leading dots', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\Users\\x\\..\\BA.pdf')).toBe('BA.pdf');
    expect(sanitizeFileName('a\u0000b\u001b\u202ecod.pdf')).toBe('abcod.pdf');
    expect(sanitizeFileName('..')).toBe('');
    expect(sanitizeFileName('.htaccess')).toBe('htaccess');
    const long = sanitizeFileName(`${'x'.repeat(300)}.pdf`);
    expect(long).toHaveLength(200);
    expect(long.endsWith('.pdf')).toBe(true);
  });
});
