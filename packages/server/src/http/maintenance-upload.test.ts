import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {
  DOCUMENT_ARCHIVE_DAMAGED_MESSAGE,
  DOCUMENT_ARCHIVE_TOO_LARGE_MESSAGE,
  MAX_DOCUMENT_BYTES,
  UPLOAD_TOKEN_HEADER,
  type DatasheetDocument,
} from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';
import { createTestRole, loginAsNewUser } from '../test-support/users.js';
import { docxBomb, docxOf } from '../test-support/zip-files.js';

const pump1 = { type: 'DigiIn' as const, nr: 100020 }; // station 1
const DOCS = `/api/maintenance/datasheets/docs?pvType=${pump1.type}&pvNr=${pump1.nr}`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

/** The form of calls §5: description, docType, target only if present, file only for File. */
function form(fields: {
  description?: string;
  docType?: string;
  target?: string;
  file?: [Buffer, string, string?];
}) {
  const data = new FormData();
  data.set('description', fields.description ?? 'Betriebsanleitung');
  data.set('docType', fields.docType ?? 'File');
  if (fields.target !== undefined) data.set('target', fields.target);
  if (fields.file) {
    const [bytes, name, type] = fields.file;
    data.set('file', new Blob([new Uint8Array(bytes)], { type: type ?? 'application/pdf' }), name);
  }
  return data;
}

describe.each(BOTH_DIALECTS)('data-sheet document upload on %s', (dialect) => {
  let server: TestServer;
  let admin: LoggedIn;
  let station6: LoggedIn;

  const token = async (who: LoggedIn) => {
    const reply = await fetch(`${server.url}/api/maintenance/datasheets/docs/token`, {
      method: 'POST',
      headers: { cookie: who.cookie, 'x-csrf-token': who.csrfToken },
    });
    expect(reply.status).toBe(200);
    return ((await reply.json()) as { token: string }).token;
  };
  const upload = async (body: FormData, who = admin, uploadToken?: string | null) =>
    fetch(`${server.url}${DOCS}`, {
      method: 'POST',
      headers: {
        cookie: who.cookie,
        'x-csrf-token': who.csrfToken,
        ...(uploadToken === null ? {} : { [UPLOAD_TOKEN_HEADER]: uploadToken ?? (await token(who)) }),
      },
      body,
    });
  const documents = () => server.services.domain.maintenance.documents(pump1);
  const storedFiles = () => {
    const dir = path.join(server.config.dataDir, 'documents', 'datasheets');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };
  const audit = async (action: string) =>
    (await server.services.store.audit.range(0, Date.now() + 1000, 10_000)).filter(
      (r) => r.action === action,
    );
  /** Uploads on their way in: streamed to disk, kept by a rename or removed. */
  const incomingFiles = () => {
    const dir = path.join(server.config.dataDir, 'documents', 'incoming');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };
  /** Expects a refusal with this status that stored nothing and left nothing half-received. */
  const refusedWith = async (status: number, reply: Response) => {
    const before = { docs: (await documents()).length, files: storedFiles().length };
    expect(reply.status, await reply.clone().text()).toBe(status);
    expect({ docs: (await documents()).length, files: storedFiles().length }).toEqual(before);
    expect(incomingFiles()).toEqual([]);
    return (await reply.json()) as { code: string; message: string };
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = await server.loginWithToken();
    await createTestRole(server, 'Wartung Station 6', ['read', 'editMaintenance', 'upload'], {
      allStations: false,
      stations: [6],
      pvGroups: [],
    });
    station6 = await loginAsNewUser(server, 'wartung6', 'Wartung Station 6');
  });
  afterAll(() => server.close());

  it('stores a good PDF under a generated name outside the web root and serves it back as attachment', async () => {
    const reply = await upload(form({ file: [PDF, 'Betriebsanleitung Pumpe.pdf'] }));
    expect(reply.status).toBe(200);
    const doc = (await reply.json()) as DatasheetDocument;
    expect(doc).toMatchObject({ docType: 'File', fileName: 'Betriebsanleitung Pumpe.pdf', user: 'admin' });
    expect(doc.storedName).toMatch(/^datasheets\/[0-9a-f-]{36}\.pdf$/);
    const onDisk = path.join(server.config.dataDir, 'documents', doc.storedName!);
    expect(fs.readFileSync(onDisk)).toEqual(PDF);
    const row = (await audit('maintenance.document.upload')).at(0)!;
    expect(JSON.parse(row.detail!)).toMatchObject({
      fileName: 'Betriebsanleitung Pumpe.pdf',
      size: PDF.length,
      type: 'pdf',
    });
    const file = await fetch(`${server.url}/api/maintenance/datasheets/docs/${doc.id}/file`, {
      headers: { cookie: admin.cookie },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Betriebsanleitung Pumpe.pdf"/,
    );
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PDF);
    const outside = await fetch(`${server.url}/api/maintenance/datasheets/docs/${doc.id}/file`, {
      headers: { cookie: station6.cookie },
    });
    expect(outside.status).toBe(403);
    expect((await audit('maintenance.document.download.refused')).length).toBe(1);
    expect(
      (
        await fetch(`${server.url}/api/maintenance/datasheets/docs/999999/file`, {
          headers: { cookie: admin.cookie },
        })
      ).status,
    ).toBe(404);
  });

  it('keeps "../" and control characters out of the kept name; the stored name is generated', async () => {
    for (const name of ['../../../etc/passwd.pdf', '..\\..\\windows\\boot.pdf', 'a\u0001b\u202e.pdf', '..']) {
      const reply = await upload(form({ file: [PDF, name] }));
      expect(reply.status, name).toBe(200);
      const doc = (await reply.json()) as DatasheetDocument;
      // eslint-disable-next-line no-control-regex
      expect(doc.fileName).not.toMatch(/[/\\\u0000-\u001f\u202e]|^\./);
      expect(doc.storedName).toMatch(/^datasheets\/[0-9a-f-]{36}\.pdf$/);
    }
    expect(fs.existsSync(path.join(server.config.dataDir, 'etc'))).toBe(false);
    expect(storedFiles().every((f) => /^[0-9a-f-]{36}\.pdf$/.test(f))).toBe(true);
  });

  it('refuses HTML posing as a PDF, a PNG named .pdf and content outside the allowlist', async () => {
    const html = Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>');
    expect((await refusedWith(415, await upload(form({ file: [html, 'manual.pdf'] })))).code).toBe(
      'documentTypeRefused',
    );
    const sneaky = Buffer.from('Hallo <script>alert(1)</script>');
    expect((await refusedWith(415, await upload(form({ file: [sneaky, 'manual.pdf'] })))).code).toBe(
      'documentNameMismatch',
    );
    expect((await refusedWith(415, await upload(form({ file: [PNG, 'plan.pdf', 'image/png'] })))).code).toBe(
      'documentNameMismatch',
    );
    const exe = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]);
    await refusedWith(415, await upload(form({ file: [exe, 'tool.pdf'] })));
    expect((await audit('maintenance.document.upload.refused')).length).toBeGreaterThanOrEqual(4);
  });

  it('refuses a file over 20 MiB', async () => {
    const big = Buffer.alloc(MAX_DOCUMENT_BYTES + 1, 0x20);
    PDF.copy(big);
    expect((await refusedWith(413, await upload(form({ file: [big, 'gross.pdf'] })))).code).toBe(
      'documentTooLarge',
    );
    // A body announced larger than any upload is refused before it is read.
    const huge = Buffer.alloc(MAX_DOCUMENT_BYTES + 128 * 1024, 0x20);
    expect((await refusedWith(413, await upload(form({ file: [huge, 'riesig.pdf'] })))).code).toBe(
      'documentTooLarge',
    );
  });

  it('refuses a DOCX that unpacks to 200 MiB (a zip bomb), declared or forged, before storing it', async () => {
    const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    const bomb = await docxBomb(200);
    const refused = await refusedWith(413, await upload(form({ file: [bomb, 'bombe.docx', docx] })));
    expect(refused).toMatchObject({
      code: 'documentArchiveTooLarge',
      message: DOCUMENT_ARCHIVE_TOO_LARGE_MESSAGE,
    });
    const forged = await docxBomb(200, true);
    const damaged = await refusedWith(400, await upload(form({ file: [forged, 'bombe.docx', docx] })));
    expect(damaged).toMatchObject({
      code: 'documentArchiveDamaged',
      message: DOCUMENT_ARCHIVE_DAMAGED_MESSAGE,
    });
    const rows = await audit('maintenance.document.upload.refused');
    expect(rows.map((r) => JSON.parse(r.detail ?? '{}').reason)).toEqual(
      expect.arrayContaining(['documentArchiveTooLarge', 'documentArchiveDamaged']),
    );
    // A real document of the same kind still gets in.
    expect((await upload(form({ file: [await docxOf(), 'Datenblatt.docx', docx] }))).status).toBe(200);
  });

  it('refuses a missing, wrong, reused or foreign token, storing nothing', async () => {
    await refusedWith(403, await upload(form({ file: [PDF, 'a.pdf'] }), admin, null));
    await refusedWith(403, await upload(form({ file: [PDF, 'a.pdf'] }), admin, 'x'.repeat(43)));
    const once = await token(admin);
    expect((await upload(form({ file: [PDF, 'a.pdf'] }), admin, once)).status).toBe(200);
    await refusedWith(403, await upload(form({ file: [PDF, 'b.pdf'] }), admin, once));
    await refusedWith(403, await upload(form({ file: [PDF, 'c.pdf'] }), admin, await token(station6)));
    const rows = await audit('maintenance.document.upload.refused');
    expect(rows.filter((r) => JSON.parse(r.detail!).reason === 'uploadToken').length).toBeGreaterThanOrEqual(
      4,
    );
  });

  it('refuses without the upload right on the PV, with an audit row', async () => {
    const viewer = await loginAsNewUser(server, 'betrachter', 'viewer');
    const reply = await fetch(`${server.url}/api/maintenance/datasheets/docs/token`, {
      method: 'POST',
      headers: { cookie: viewer.cookie, 'x-csrf-token': viewer.csrfToken },
    });
    expect(reply.status).toBe(403);
    expect((await audit('access.refused')).some((r) => r.username === 'betrachter')).toBe(true);
    await refusedWith(403, await upload(form({ file: [PDF, 'a.pdf'] }), station6));
    expect((await audit('maintenance.document.upload.refused')).at(0)).toMatchObject({
      username: 'wartung6',
      object: 'DigiIn-100020',
    });
  });

  it('takes web links only, and the file only with docType File', async () => {
    for (const target of ['file:///c:/anleitung.pdf', 'javascript:alert(1)', 'ftp://x/y', '']) {
      await refusedWith(400, await upload(form({ docType: 'Link', target })));
    }
    await refusedWith(
      400,
      await upload(form({ docType: 'Link', target: 'https://ksb.com', file: [PDF, 'a.pdf'] })),
    );
    await refusedWith(400, await upload(form({ docType: 'File' })));
    await refusedWith(400, await upload(form({ description: ' ', file: [PDF, 'a.pdf'] })));
    const reply = await upload(
      form({ docType: 'Link', description: 'Hersteller', target: 'https://www.ksb.com/etanorm' }),
    );
    expect(reply.status).toBe(200);
    expect(await reply.json()).toMatchObject({
      docType: 'Link',
      target: 'https://www.ksb.com/etanorm',
      storedName: null,
    });
  });

  it('leaves nothing stored when an upload is cancelled mid-way', async () => {
    const before = { docs: (await documents()).length, files: storedFiles().length };
    const body = Buffer.from(
      `--b\r\nContent-Disposition: form-data; name="description"\r\n\r\nx\r\n--b\r\nContent-Disposition: form-data; name="docType"\r\n\r\nFile\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4\n${'x'.repeat(256 * 1024)}`,
    );
    const uploadToken = await token(admin);
    await new Promise<void>((resolve) => {
      const request = http.request(`${server.url}${DOCS}`, {
        method: 'POST',
        headers: {
          cookie: admin.cookie,
          'x-csrf-token': admin.csrfToken,
          [UPLOAD_TOKEN_HEADER]: uploadToken,
          'content-type': 'multipart/form-data; boundary=b',
          'content-length': String(body.length * 2),
        },
      });
      request.on('error', () => resolve());
      request.write(body, () => setTimeout(() => request.destroy(), 100));
    });
    await new Promise((r) => setTimeout(r, 200));
    expect({ docs: (await documents()).length, files: storedFiles().length }).toEqual(before);
    expect(incomingFiles()).toEqual([]);
  });
});
