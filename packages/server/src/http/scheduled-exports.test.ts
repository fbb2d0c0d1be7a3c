import fs from 'node:fs';
import path from 'node:path';
import type { ScheduledExport } from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailSender, type MailSender } from '../plant/mail/index.js';
import { createScheduledExports, duePeriods } from '../plant/reports/scheduled-exports.js';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import { startLocalSmtpServer } from '../test-support/local-peers.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';

const DAY = 86_400_000;
const TZ = 'Europe/Berlin';

describe('due periods of scheduled exports', () => {
  const created = Date.UTC(2026, 2, 2, 9); // Monday 2 March 2026, 10:00 in Berlin
  it('runs a day report the next day at its time, a week report on Monday, a month report on the 1st', () => {
    const item = { kind: 'day' as const, timeOfDay: '06:30', createdAt: created };
    expect(duePeriods(item, Date.UTC(2026, 2, 3, 5, 29), TZ)).toEqual([]);
    expect(duePeriods(item, Date.UTC(2026, 2, 3, 5, 30), TZ)).toEqual(['2026-03-02']);
    expect(duePeriods(item, Date.UTC(2026, 2, 5, 12), TZ)).toEqual([
      '2026-03-04',
      '2026-03-03',
      '2026-03-02',
    ]);
    const week = { kind: 'week' as const, timeOfDay: '07:00', createdAt: created };
    expect(duePeriods(week, Date.UTC(2026, 2, 9, 6), TZ)).toEqual(['2026-03-02']);
    const month = { kind: 'month' as const, timeOfDay: '00:00', createdAt: created };
    expect(duePeriods(month, Date.UTC(2026, 3, 1, 0), TZ)).toEqual(['2026-03-01']);
  });
});

describe.each(BOTH_DIALECTS)('scheduled report exports on %s', (dialect) => {
  let server: TestServer;
  let admin: LoggedIn;

  const call = (method: string, url: string, body?: unknown) =>
    fetch(`${server.url}${url}`, {
      method,
      headers: {
        cookie: admin.cookie,
        'x-csrf-token': admin.csrfToken,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  /** The export service as another process (or the next start) over the same store sees it. */
  const instance = (now: number, mail: MailSender | null = null) =>
    createScheduledExports({
      db: server.services.store.db,
      reports: server.services.domain.reports,
      annotations: (q) => server.services.domain.annotations.list(q),
      canRead: async () => true,
      plantName: server.services.plant.info.name,
      timeZone: server.services.plant.info.timeZone,
      exportDir: path.join(server.config.dataDir, 'exports'),
      mail,
      now: () => now,
    });

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = await server.loginWithToken();
  });
  afterAll(() => server.close());

  it('refuses a folder outside the export directory, a wrong time and an unknown report', async () => {
    const good = {
      configId: 1,
      kind: 'day',
      format: 'csv',
      timeOfDay: '00:05',
      folder: 'tag',
      recipients: [],
    };
    for (const bad of [
      { ...good, folder: '../etc' },
      { ...good, folder: '/tmp' },
      { ...good, timeOfDay: '24:00' },
      { ...good, recipients: ['kein-mail'] },
      { ...good, format: 'doc' },
    ]) {
      expect((await call('POST', '/api/Report/scheduled-exports', bad)).status, JSON.stringify(bad)).toBe(
        400,
      );
    }
    expect((await call('POST', '/api/Report/scheduled-exports', { ...good, configId: 99 })).status).toBe(404);
    expect((await call('POST', '/api/Report/scheduled-exports', { ...good, kind: 'month' })).status).toBe(
      404,
    );
    const list = (await (await call('GET', '/api/Report/scheduled-exports')).json()) as ScheduledExport[];
    expect(list).toEqual([]);
  });

  it('writes each period’s file once, also after a restart, and lists the runs with their status', async () => {
    const reply = await call('POST', '/api/Report/scheduled-exports', {
      configId: 1,
      kind: 'day',
      format: 'csv',
      timeOfDay: '00:05',
      folder: 'tagesberichte/auheim',
      recipients: [],
    });
    expect(reply.status).toBe(200);
    const created = (await reply.json()) as ScheduledExport;
    const audit = await server.services.store.audit.range(0, Date.now() + 1000, 100);
    expect(audit.some((r) => r.action === 'report.scheduledExport.create')).toBe(true);

    const later = created.createdAt + 2 * DAY;
    const periods = duePeriods({ ...created }, later, server.services.plant.info.timeZone);
    expect(periods.length).toBeGreaterThanOrEqual(1);
    expect(await instance(later).runDue()).toBe(periods.length);
    // Again, and as the next start of the server would: nothing more to do.
    expect(await instance(later).runDue()).toBe(0);
    const restarted = instance(later);
    await restarted.recoverInterrupted();
    expect(await restarted.runDue()).toBe(0);

    const dir = path.join(server.config.dataDir, 'exports', 'tagesberichte', 'auheim');
    const files = fs.readdirSync(dir).sort();
    expect(files).toEqual(periods.map((p) => `Tagesbericht-Wasserwerk-Auheim_${p}.csv`).sort());
    const csv = fs.readFileSync(path.join(dir, files[0]!), 'utf8');
    expect(csv.split('\r\n')[0]).toBe(`\uFEFFTagesbericht Wasserwerk Auheim;${files[0]!.slice(-14, -4)}`);

    const [listed] = (await (await call('GET', '/api/Report/scheduled-exports')).json()) as ScheduledExport[];
    expect(listed!.runs.map((r) => [r.period, r.status])).toEqual(periods.map((p) => [p, 'Success']));
    expect(listed!.runs[0]!.fileName).toBe(`Tagesbericht-Wasserwerk-Auheim_${periods[0]}.csv`);

    expect((await call('DELETE', `/api/Report/scheduled-exports/${created.id}`)).status).toBe(204);
    expect((await call('DELETE', `/api/Report/scheduled-exports/${created.id}`)).status).toBe(404);
  });

  it('mails each period’s file to its recipients through a real SMTP server, and lists a refused mail as failed', async () => {
    const smtp = await startLocalSmtpServer();
    const mail = createSmtpMailSender({
      url: smtp.url,
      from: 'Leitwarte <leitwarte@zv-talaue.example>',
      tls: 'starttls',
      caFile: smtp.caFile,
      timeoutMs: 10_000,
    });
    try {
      const reply = await call('POST', '/api/Report/scheduled-exports', {
        configId: 1,
        kind: 'day',
        format: 'xlsx',
        timeOfDay: '06:00',
        folder: 'versand',
        recipients: ['betriebsleitung@zv-talaue.example', 'wasserbehoerde@kreis.example'],
      });
      expect(reply.status).toBe(200);
      const created = (await reply.json()) as ScheduledExport;
      const zone = server.services.plant.info.timeZone;
      /** The first quarter hour at which `count` periods are due. */
      const dueAt = (count: number) => {
        for (let t = created.createdAt; ; t += 15 * 60_000)
          if (duePeriods(created, t, zone).length === count) return t;
      };
      const first = dueAt(1);
      expect(await instance(first, mail).runDue()).toBe(1);
      const [received] = await smtp.waitForMails(1);
      const [period] = duePeriods(created, first, zone);
      expect(received?.subject).toBe(`Tagesbericht Wasserwerk Auheim ${period}`);
      const to = received?.to;
      const addresses = (Array.isArray(to) ? to : [to]).flatMap((a) => a?.value.map((v) => v.address) ?? []);
      expect(addresses).toEqual(['betriebsleitung@zv-talaue.example', 'wasserbehoerde@kreis.example']);
      const attachment = received?.attachments[0];
      expect(attachment?.filename).toBe(`Tagesbericht-Wasserwerk-Auheim_${period}.xlsx`);
      const written = fs.readFileSync(
        path.join(server.config.dataDir, 'exports', 'versand', attachment!.filename!),
      );
      expect(Buffer.compare(attachment!.content, written)).toBe(0);

      // The next day the mail server refuses: the file is still written, the run says why it failed.
      smtp.refuseWith({ code: 550, message: 'Mailbox unavailable' });
      const second = dueAt(2);
      expect(await instance(second, mail).runDue()).toBe(1);
      const [listed] = (
        (await (await call('GET', '/api/Report/scheduled-exports')).json()) as ScheduledExport[]
      ).filter((e) => e.id === created.id);
      const runs = listed!.runs.map((r) => [r.status, r.message]);
      expect(runs).toContainEqual([
        'Success',
        expect.stringContaining('an betriebsleitung@zv-talaue.example'),
      ]);
      expect(runs).toContainEqual(['Failed', expect.stringContaining('550')]);
      expect(smtp.mails).toHaveLength(1);
    } finally {
      mail.close();
      await smtp.close();
    }
  });
});
