import type {
  AlarmNumbersReply,
  ConfirmationInfo,
  ConfirmationReply,
  PlansReply,
  RemoteAlertPlansReply,
  SmsReplyReply,
} from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, replyJson } from '../test-support/api-call.js';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import {
  startLocalSmtpServer,
  startStandIn,
  type LocalSmtpServer,
  type StandIn,
} from '../test-support/local-peers.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';
import { createTestRole, loginAsNewUser } from '../test-support/users.js';

const SMS_SECRET = 'sms-reply-secret-0123456789';

describe.each(BOTH_DIALECTS)('remote alarm delivery calls on %s', (dialect) => {
  let server: TestServer;
  let smtp: LocalSmtpServer;
  let gateway: StandIn;
  let admin: LoggedIn;
  let viewer: LoggedIn;
  /** Edits call numbers, but sees only station 1. */
  let waterOnly: LoggedIn;
  const started = Date.now();

  const anonymous = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const auditActions = async () =>
    (await server.services.store.audit.range(started, Date.now() + 1000, 1000)).map((r) => r.action);

  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
    gateway = await startStandIn();
    server = await startTestServer({
      dialect,
      config: {
        remoteAlarm: {
          publicUrl: 'https://leitwarte.zv-talaue.example',
          smtp: {
            url: smtp.url,
            from: 'leitwarte@zv-talaue.example',
            tls: 'starttls',
            caFile: smtp.caFile,
            timeoutMs: 10_000,
          },
          sms: {
            url: `${gateway.url}/send?to={to}&text={text}`,
            method: 'GET',
            body: null,
            contentType: 'application/json',
            authorization: null,
            timeoutMs: 5_000,
          },
          smsReplySecret: SMS_SECRET,
          webhook: null,
          push: null,
        },
      },
    });
    admin = await server.loginWithToken();
    viewer = await loginAsNewUser(server, 'betrachter', 'viewer');
    await createTestRole(server, 'nummern-wasserwerk', ['read', 'editCallNumbers'], {
      allStations: false,
      stations: [1],
      pvGroups: [],
    });
    waterOnly = await loginAsNewUser(server, 'nummern', 'nummern-wasserwerk');
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
    await gateway.close();
  });

  it('names the dial country and the channels set up for the edit page', async () => {
    const body = await replyJson<AlarmNumbersReply>(
      await callApi(server, admin, 'GET', '/api/RemoteAlert/alarmnumbers'),
    );
    expect(body.dialCountry).toBe('DE');
    expect(body.channels).toEqual(['voice', 'sms', 'email']);
    expect(body.alarmCallnumbers.find((n) => n.id === 11)).toMatchObject({ channel: 'email' });
  });

  it('lists the alarm lines of the readable stations with the plans', async () => {
    const all = await replyJson<RemoteAlertPlansReply>(
      await callApi(server, admin, 'GET', '/api/RemoteAlert/alarmplans'),
    );
    expect(all.alarmLines).toHaveLength(22);
    expect(all.alarmLines[0]).toEqual({ station: 1, lineNumber: 1, connectionType: 'IP' });
    const scoped = await replyJson<RemoteAlertPlansReply>(
      await callApi(server, waterOnly, 'GET', '/api/RemoteAlert/alarmplans'),
    );
    expect(scoped.alarmLines.map((l) => l.station)).toEqual([1, 1, 1]);
    expect(scoped.alarmPlans.every((p) => p.station === 1)).toBe(true);
  });

  it('an alarm reaches the e-mail recipient; its link is confirmed without a session, once', async () => {
    await server.services.domain.remoteAlarm.onAlarm(1, 1, 'Reinwasserbehälter: Niveau tief');
    const mails = await smtp.waitForMails(1);
    const mail = mails.find((m) => m.text?.includes('Reinwasserbehälter: Niveau tief'));
    expect(mail?.to).toMatchObject({ text: 'bereitschaft.wasser@zv-talaue.example' });
    const token = /confirm\?token=([A-Za-z0-9._-]+)/.exec(mail?.text ?? '')?.[1] ?? '';

    const info = await replyJson<ConfirmationInfo>(
      await anonymous('GET', `/api/RemoteAlert/confirmation?token=${token}`),
    );
    expect(info).toMatchObject({ state: 'open', planname: 'Bereitschaft Wasser', channel: 'email' });
    const first = await replyJson<ConfirmationReply>(
      await anonymous('POST', '/api/RemoteAlert/confirmation', { token }),
    );
    expect(first).toMatchObject({ status: 'Success', state: 'confirmed' });
    expect(first.confirmedMessages).toBeGreaterThanOrEqual(1);
    const plan = server.services.domain.remoteAlarm
      .planInfos()
      .find((p) => p.station === 1 && p.planNumber === 1);
    expect(plan?.deliveredMessages).toBeGreaterThanOrEqual(1);
    const again = await replyJson<ConfirmationReply>(
      await anonymous('POST', '/api/RemoteAlert/confirmation', { token }),
    );
    expect(again).toEqual({ status: 'Failed', state: 'confirmed', confirmedMessages: 0 });
    expect(await auditActions()).toEqual(
      expect.arrayContaining([
        'remoteAlarm.attempt',
        'remoteAlarm.confirmed',
        'remoteAlarm.confirmed.refused',
      ]),
    );
  });

  it('refuses malformed tokens and unknown fields, changing nothing', async () => {
    expect((await anonymous('POST', '/api/RemoteAlert/confirmation', { token: 'a b' })).status).toBe(400);
    expect(
      (await anonymous('POST', '/api/RemoteAlert/confirmation', { token: 'a.b.c', more: 1 })).status,
    ).toBe(400);
    const forged = await replyJson<ConfirmationReply>(
      await anonymous('POST', '/api/RemoteAlert/confirmation', { token: 'AAAA.lz5.AAAA' }),
    );
    expect(forged).toEqual({ status: 'Failed', state: 'invalid', confirmedMessages: 0 });
    // A browser on another origin cannot confirm for the recipient.
    const foreign = await anonymous(
      'POST',
      '/api/RemoteAlert/confirmation',
      { token: 'a.b.c' },
      { origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
  });

  it('an SMS answer with the code confirms through the gateway webhook; only with its secret', async () => {
    await server.services.domain.remoteAlarm.onAlarm(6, 1, 'Pumpe 1: Störung');
    const requests = await gateway.waitForRequests(1);
    const sms = requests
      .map((r) => new URL(r.url, gateway.url))
      .find((u) => u.searchParams.get('text')?.includes('Pumpe 1'));
    expect(sms?.searchParams.get('to')).toBe('+4915123456702');
    const code = /Antwort (\d{6})/.exec(sms?.searchParams.get('text') ?? '')?.[1] ?? '';
    const reply = { from: '+4915123456702', text: `${code} ok` };
    expect((await anonymous('POST', '/api/RemoteAlert/sms-reply', reply)).status).toBe(403);
    expect(
      (await anonymous('POST', '/api/RemoteAlert/sms-reply', reply, { 'x-leitwarte-secret': 'wrong' }))
        .status,
    ).toBe(403);
    expect(
      (
        await anonymous(
          'POST',
          '/api/RemoteAlert/sms-reply',
          { ...reply, id: 1 },
          { 'x-leitwarte-secret': SMS_SECRET },
        )
      ).status,
    ).toBe(400);
    const done = await replyJson<SmsReplyReply>(
      await anonymous('POST', `/api/RemoteAlert/sms-reply?secret=${SMS_SECRET}`, reply),
    );
    expect(done.status).toBe('Success');
    expect(done.confirmedMessages).toBeGreaterThanOrEqual(1);
    expect(await auditActions()).toContain('remoteAlarm.smsReply.refused');
  });

  it('sets the call numbers at the positions of a plan, audited; refuses what the rights or the numbers forbid', async () => {
    const set = (who: LoggedIn, body: unknown) =>
      callApi(server, who, 'POST', '/api/RemoteAlert/planrecipients', body);
    const ok = await replyJson<PlansReply>(
      await set(admin, [{ station: 1, planNumber: 2, recipients: [9, null, 3] }]),
    );
    expect(ok.status).toBe('Success');
    const plan = server.services.domain.remoteAlarm
      .planInfos()
      .find((p) => p.station === 1 && p.planNumber === 2);
    expect(plan?.recipients.slice(0, 4)).toEqual([9, null, 3, null]);
    expect(plan?.recipients).toHaveLength(20);
    const audit = (await server.services.store.audit.range(started, Date.now() + 1000, 50)).find(
      (r) => r.action === 'remoteAlarm.setPlanRecipients',
    );
    expect([audit?.old_value, audit?.new_value]).toEqual(['[9,1,3,14]', '[9,3]']);

    expect((await set(viewer, [{ station: 1, planNumber: 2, recipients: [1] }])).status).toBe(403);
    const unknown = await replyJson<PlansReply>(
      await set(admin, [{ station: 1, planNumber: 2, recipients: [999] }]),
    );
    expect(unknown).toMatchObject({
      status: 'Failed',
      errorMessage: 'Plan 1/2: Rufnummer 999 existiert nicht.',
    });
    const twice = await replyJson<PlansReply>(
      await set(admin, [{ station: 1, planNumber: 2, recipients: [1, 1] }]),
    );
    expect(twice.status).toBe('Failed');
    const other = await replyJson<PlansReply>(
      await set(waterOnly, [{ station: 2, planNumber: 1, recipients: [1] }]),
    );
    expect(other).toMatchObject({
      status: 'Unauthorized',
      unauthorizedPlans: [{ station: 2, planNumber: 1 }],
    });
    expect((await set(admin, [{ station: 1, planNumber: 2, recipients: Array(21).fill(null) }])).status).toBe(
      400,
    );
    const after = await replyJson<RemoteAlertPlansReply>(
      await callApi(server, admin, 'GET', '/api/RemoteAlert/alarmplans'),
    );
    expect(after.alarmPlans.length).toBe(20);
    expect(
      server.services.domain.remoteAlarm
        .planInfos()
        .find((p) => p.station === 1 && p.planNumber === 2)
        ?.recipients.slice(0, 3),
    ).toEqual([9, null, 3]);
    expect(await auditActions()).toContain('remoteAlarm.setPlanRecipients.refused');
  });
});
