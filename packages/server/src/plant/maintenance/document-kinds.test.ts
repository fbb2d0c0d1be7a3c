import { describe, expect, it } from 'vitest';
import { docxBomb, zipOf } from '../../test-support/zip-files.js';
import {
  detectDocumentKind,
  nameFitsKind,
  sanitizeFileName,
  storedExtension,
  type DocumentKind,
} from './document-kinds.js';
import { inspectArchive } from './office-archive.js';

const zip = (names: string[]) => zipOf(Object.fromEntries(names.map((n) => [n, '<x/>'])));
const kindOf = async (bytes: Buffer | Promise<Buffer>) => {
  const detected = await detectDocumentKind(await bytes);
  return typeof detected === 'string' ? detected : detected.id;
};

describe('document kinds are decided by content', () => {
  it('recognises PDF, PNG, JPEG, plain text, DOCX and XLSX', async () => {
    expect(await kindOf(Buffer.from('%PDF-1.7\n'))).toBe('pdf');
    expect(await kindOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(await kindOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(await kindOf(Buffer.from('Messstelle;Wert\r\nP1;4,2\r\n'))).toBe('text');
    expect(await kindOf(zip(['[Content_Types].xml', 'word/document.xml']))).toBe('docx');
    expect(await kindOf(zip(['[Content_Types].xml', 'xl/workbook.xml']))).toBe('xlsx');
  });

  it('refuses markup, binaries, other archives and empty files', async () => {
    for (const text of ['<!DOCTYPE html><p>x', '  <svg onload="x()"/>', '\uFEFF<script>']) {
      expect(await kindOf(Buffer.from(text)), text).toBe('refused');
    }
    expect(await kindOf(Buffer.from([0x4d, 0x5a, 0x90, 0x00]))).toBe('refused');
    expect(await kindOf(Buffer.from([0xc3, 0x28]))).toBe('refused'); // not UTF-8
    expect(await kindOf(zip(['evil.exe']))).toBe('refused');
    expect(await kindOf(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2]))).toBe('refused');
    expect(await kindOf(Buffer.alloc(0))).toBe('refused');
  });

  it('refuses archives that unpack to too much, declared or real, or have too many parts', async () => {
    // 200 MiB of zeros deflate to about 200 KB: the declared size gives it away.
    const bomb = await docxBomb(200);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await kindOf(bomb)).toBe('archiveTooLarge');
    // Sizes forged to 1 byte: found while inflating, at the first byte beyond the declared size.
    const started = performance.now();
    expect(await kindOf(docxBomb(200, true))).toBe('archiveDamaged');
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(await inspectArchive(await docxBomb(2, true))).toEqual({ ok: false, reason: 'damaged' });
    // Limits are the caller's: the same archive passes a wider one and fails a tighter one.
    const tight = { maxEntries: 10, maxUnpackedBytes: 1024 * 1024 };
    expect(
      await inspectArchive(await docxBomb(2), { ...tight, maxUnpackedBytes: 64 * 1024 * 1024 }),
    ).toMatchObject({
      ok: true,
    });
    expect(await inspectArchive(await docxBomb(2), tight)).toEqual({ ok: false, reason: 'tooLarge' });
    const parts = Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`word/p${i}.xml`, 'x']));
    expect(await inspectArchive(await zipOf(parts))).toEqual({ ok: false, reason: 'tooManyEntries' });
    expect(await inspectArchive(await docxBomb(2))).toMatchObject({ ok: true });
  });

  it('wants the name to agree with the content and keeps the stored ending to the kind', async () => {
    const pdf = (await detectDocumentKind(Buffer.from('%PDF-1.4'))) as DocumentKind;
    expect(nameFitsKind('BA.PDF', pdf)).toBe(true);
    expect(nameFitsKind('BA.html', pdf)).toBe(false);
    const text = (await detectDocumentKind(Buffer.from('a;b'))) as DocumentKind;
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
