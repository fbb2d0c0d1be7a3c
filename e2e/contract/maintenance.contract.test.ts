import { UPLOAD_CANCELLED, type PvRef } from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, NetworkError, setSessionCsrfToken } from '../../packages/web/src/api/http.js';
import {
  createLifecycleEntry,
  datasheetDocumentFileUrl,
  documentFormData,
  documentUploadResult,
  getDatasheetData,
  getDatasheetDocuments,
  getDatasheetParts,
  getMachineLifecycle,
  getMaintenanceDescriptions,
  getMaintenanceNotifications,
  getOverviewByCompareValue,
  getOverviewByStation,
  getOverviewOfPv,
  requestUploadToken,
  saveMachineLifecycle,
  uploadDatasheetDocument,
} from '../../packages/web/src/api/maintenance.js';
import type { UploadProgress } from '../../packages/web/src/api/upload.js';
import { loginAsNewUser } from '../../packages/server/src/test-support/users.js';
import { openApiSession, type ApiSession } from './support/api-session.js';

const pump1: PvRef = { type: 'DigiIn', nr: 100020 };
const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n';
/** Node's own fetch, before the session wraps it with its cookie. */
const nodeFetch = globalThis.fetch;

describe('maintenance calls of the web client against the server', () => {
  let api: ApiSession;
  beforeAll(async () => {
    api = await openApiSession();
  });
  afterAll(() => api.close());

  /** Every read fails with the network error when the server cannot be reached. */
  const offlineRejects = async (calls: (() => Promise<unknown>)[]) => {
    api.offline();
    try {
      for (const call of calls) await expect(call()).rejects.toBeInstanceOf(NetworkError);
    } finally {
      api.online();
    }
  };

  it('reads descriptions, notifications, life cycle, data sheets and the overview protocols', async () => {
    await api.as('leser', 'viewer');
    expect(await getMaintenanceDescriptions()).toContain('Inspektion');
    expect((await getMaintenanceNotifications()).length).toBeGreaterThan(20);
    expect((await getMaintenanceNotifications(pump1)).length).toBeGreaterThan(0);
    expect((await getMachineLifecycle(pump1)).length).toBeGreaterThanOrEqual(3);
    expect(await getDatasheetDocuments(pump1)).toEqual([]);
    expect((await getDatasheetData(pump1)).length).toBeGreaterThan(0);
    expect((await getDatasheetParts(pump1)).length).toBeGreaterThan(0);
    const station = await getOverviewByStation(1);
    expect(station.length).toBeGreaterThan(0);
    expect((await getOverviewByStation(-1)).length).toBeGreaterThan(station.length);
    expect(await getOverviewByCompareValue(1, 0, false)).toEqual([]);
    expect((await getOverviewByCompareValue(1, 100, true)).length).toBeGreaterThan(0);
    expect((await getOverviewOfPv(pump1)).length).toBeGreaterThan(0);
  });

  it('passes refusals of reads on as ApiError and network failures as NetworkError', async () => {
    await api.asAdmin();
    await expect(getMachineLifecycle({ type: 'DigiIn', nr: 999_999 })).rejects.toMatchObject({ status: 404 });
    await expect(getOverviewByCompareValue(1, -5, false)).rejects.toBeInstanceOf(ApiError);
    await offlineRejects([
      () => getMaintenanceDescriptions(),
      () => getMaintenanceNotifications(),
      () => getMachineLifecycle(pump1),
      () => getDatasheetDocuments(pump1),
      () => getDatasheetData(pump1),
      () => getDatasheetParts(pump1),
      () => getOverviewByStation(1),
      () => getOverviewByCompareValue(1, 10, true),
      () => getOverviewOfPv(pump1),
      () => requestUploadToken(),
    ]);
  });

  it('adds and bulk-saves life-cycle entries; failures return the error text', async () => {
    await api.as('wartung', 'maintenance');
    const entry = {
      pvRef: pump1,
      maintenanceTimestamp: new Date(Date.UTC(2025, 2, 1)),
      text: 'Ölwechsel',
      kind: 'Wartung',
    };
    const created = await createLifecycleEntry(entry);
    expect(created).toMatchObject({
      status: 'Success',
      entry: { maintenanceTimestamp: Date.UTC(2025, 2, 1), user: 'wartung' },
    });
    expect(await createLifecycleEntry({ ...entry, text: ' ' })).toEqual({
      status: 'Failed',
      errorMessage: 'Text darf nicht leer sein.',
    });
    const id = created.status === 'Success' ? created.entry.id : -1;
    const saved = await saveMachineLifecycle({
      entriesToCreate: [],
      entriesToUpdate: [
        {
          id,
          pvRef: pump1,
          maintenanceTimestamp: Date.UTC(2025, 2, 2),
          text: 'Ölwechsel, Filter',
          kind: 'Wartung',
        },
      ],
      idsToDelete: [],
    });
    expect(saved).toMatchObject({ status: 'Success', updated: [{ id, text: 'Ölwechsel, Filter' }] });
    expect(
      await saveMachineLifecycle({ entriesToCreate: [], entriesToUpdate: [], idsToDelete: [424_242] }),
    ).toMatchObject({
      status: 'Failed',
      errorMessage: expect.stringContaining('424242'),
    });
    await api.as('zuschauer', 'viewer');
    expect(await createLifecycleEntry(entry)).toEqual({
      status: 'Failed',
      errorMessage: 'Unzureichende Rechte für diese Operation.',
    });
    expect(
      await saveMachineLifecycle({ entriesToCreate: [], entriesToUpdate: [], idsToDelete: [id] }),
    ).toMatchObject({
      status: 'Failed',
      deletedIds: [],
      errorMessage: 'Unzureichende Rechte für diese Operation.',
    });
    api.offline();
    try {
      expect(await createLifecycleEntry(entry)).toEqual({ status: 'Failed', errorMessage: 'Netzwerkfehler' });
      expect(
        await saveMachineLifecycle({ entriesToCreate: [], entriesToUpdate: [], idsToDelete: [] }),
      ).toMatchObject({
        status: 'Failed',
        errorMessage: 'Netzwerkfehler',
      });
    } finally {
      api.online();
    }
    expect(api.unauthorizedCount).toBe(0);
  });

  it('builds the upload form of calls §5: the file only for File, the target only if present', () => {
    const file = new File([PDF], 'ba.pdf', { type: 'application/pdf' });
    const fields = (data: FormData) =>
      ['description', 'docType', 'target', 'file'].filter((k) => data.has(k));
    const asFile = documentFormData({ description: 'BA', docType: 'File', file, target: '' });
    expect(fields(asFile)).toEqual(['description', 'docType', 'file']);
    expect((asFile.get('file') as File).name).toBe('ba.pdf');
    const asLink = documentFormData({
      description: 'Hersteller',
      docType: 'Link',
      target: 'https://ksb.com',
      file,
    });
    expect(fields(asLink)).toEqual(['description', 'docType', 'target']);
    expect(asLink.get('target')).toBe('https://ksb.com');
    expect(fields(documentFormData({ description: 'BA', docType: 'File' }))).toEqual([
      'description',
      'docType',
    ]);
    expect(documentUploadResult({ kind: 'cancelled' })).toEqual({
      status: 'Cancelled',
      errorMessage: UPLOAD_CANCELLED,
    });
    expect(documentUploadResult({ kind: 'network' })).toEqual({
      status: 'Failed',
      errorMessage: 'Netzwerkfehler',
    });
    expect(documentUploadResult({ kind: 'reply', status: 502, body: '<html>' })).toEqual({
      status: 'Failed',
      errorMessage: 'HTTP 502',
    });
  });

  describe('the upload through a browser XMLHttpRequest', () => {
    // Node has no XMLHttpRequest; the browser implementation of jsdom stands in, pointed at the server.
    type Window = { XMLHttpRequest: unknown; FormData: unknown; File: typeof File };
    let window: Window;
    let restore: () => void = () => {};
    const jsdomName = 'jsdom';

    /** Uses this user in both the client's fetch calls and the browser's cookie jar. */
    const useBrowserSession = async (username: string, role: string | null) => {
      const user =
        role === null ? await api.server.loginWithToken() : await loginAsNewUser(api.server, username, role);
      const { JSDOM } = (await import(jsdomName)) as {
        JSDOM: new (
          html: string,
          options: { url: string },
        ) => {
          window: Window;
          cookieJar: { setCookieSync(cookie: string, url: string): void };
        };
      };
      const dom = new JSDOM('', { url: api.server.url });
      dom.cookieJar.setCookieSync(`${user.cookie}; Path=/; HttpOnly`, api.server.url);
      window = dom.window;
      const globals = globalThis as unknown as Record<string, unknown>;
      const saved = {
        fetch: globalThis.fetch,
        XMLHttpRequest: globals.XMLHttpRequest,
        FormData: globals.FormData,
      };
      globalThis.fetch = (input, init) => {
        const headers = new Headers(init?.headers);
        headers.set('cookie', user.cookie);
        return nodeFetch(input, { ...init, headers });
      };
      globals.XMLHttpRequest = window.XMLHttpRequest;
      globals.FormData = window.FormData;
      setSessionCsrfToken(user.csrfToken);
      restore = () => {
        globalThis.fetch = saved.fetch;
        globals.XMLHttpRequest = saved.XMLHttpRequest;
        globals.FormData = saved.FormData;
      };
    };
    const pdf = (name: string, body = PDF) => new window.File([body], name, { type: 'application/pdf' });
    const documents = () => api.server.services.domain.maintenance.documents(pump1);

    beforeAll(() => useBrowserSession('admin', null));
    afterAll(() => restore());

    it('uploads a PDF with a token, reports progress, and the file comes back the same', async () => {
      const progress: UploadProgress[] = [];
      const result = await uploadDatasheetDocument(
        pump1,
        { description: 'Betriebsanleitung', docType: 'File', file: pdf('Anleitung.pdf') },
        { onProgress: (p) => progress.push(p) },
      );
      expect(result).toMatchObject({
        status: 'Success',
        document: { fileName: 'Anleitung.pdf', docType: 'File' },
      });
      expect(progress.at(-1)?.loaded).toBeGreaterThan(PDF.length);
      const id = result.status === 'Success' ? result.document.id : 0;
      const file = await globalThis.fetch(datasheetDocumentFileUrl(id));
      expect(file.headers.get('content-disposition')).toMatch(/^attachment/);
      expect(await file.text()).toBe(PDF);
      const link = await uploadDatasheetDocument(pump1, {
        description: 'Hersteller',
        docType: 'Link',
        target: 'https://ksb.com',
      });
      expect(link).toMatchObject({ status: 'Success', document: { target: 'https://ksb.com' } });
    });

    it('returns the server text for a refused upload and stores nothing', async () => {
      const before = (await documents()).length;
      const html = await uploadDatasheetDocument(pump1, {
        description: 'Anleitung',
        docType: 'File',
        file: pdf('anleitung.pdf', '<html><script>alert(1)</script></html>'),
      });
      expect(html).toEqual({
        status: 'Failed',
        errorMessage: expect.stringMatching(/^Dateityp nicht erlaubt/),
      });
      const notWeb = await uploadDatasheetDocument(pump1, {
        description: 'Pfad',
        docType: 'Link',
        target: 'file:///c:/x',
      });
      expect(notWeb).toEqual({ status: 'Failed', errorMessage: 'Es werden nur Web-URLs unterstützt.' });
      expect((await documents()).length).toBe(before);
    });

    it('cancels an upload through the signal: "upload cancelled", nothing stored', async () => {
      const before = (await documents()).length;
      const controller = new AbortController();
      const big = pdf('gross.pdf', PDF + ' '.repeat(19 * 1024 * 1024));
      // Cancel once the server has the upload's head but not yet its 19 MiB body: mid-way.
      const onRequest = (request: { url?: string }) => {
        if (request.url?.startsWith('/api/maintenance/datasheets/docs?')) controller.abort();
      };
      api.server.app.server.on('request', onRequest);
      try {
        const pending = uploadDatasheetDocument(
          pump1,
          { description: 'Groß', docType: 'File', file: big },
          { signal: controller.signal },
        );
        expect(await pending).toEqual({ status: 'Cancelled', errorMessage: UPLOAD_CANCELLED });
      } finally {
        api.server.app.server.off('request', onRequest);
      }
      const early = new AbortController();
      early.abort();
      expect(
        await uploadDatasheetDocument(
          pump1,
          { description: 'x', docType: 'File', file: big },
          { signal: early.signal },
        ),
      ).toEqual({
        status: 'Cancelled',
        errorMessage: UPLOAD_CANCELLED,
      });
      await new Promise((r) => setTimeout(r, 200));
      expect((await documents()).length).toBe(before);
    });

    it('refuses a user without the upload right, and fails offline with the network text', async () => {
      restore();
      await useBrowserSession('leserin', 'viewer');
      const refused = await uploadDatasheetDocument(pump1, {
        description: 'x',
        docType: 'File',
        file: pdf('a.pdf'),
      });
      expect(refused).toEqual({
        status: 'Failed',
        errorMessage: 'Unzureichende Rechte für diese Operation.',
      });
      api.offline();
      try {
        expect(
          await uploadDatasheetDocument(pump1, { description: 'x', docType: 'File', file: pdf('a.pdf') }),
        ).toEqual({
          status: 'Failed',
          errorMessage: 'Netzwerkfehler',
        });
      } finally {
        api.online();
      }
    });
  });
});
