import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createSmtpMailSender } from '../../mail/index.js';
import {
  startLocalSmtpServer,
  startStandIn,
  type LocalSmtpServer,
  type StandIn,
} from '../../../test-support/local-peers.js';
import { createEmailChannel } from './email-channel.js';
import { createPushChannel } from './push-channel.js';
import { createSmsChannel, fillTemplate } from './sms-channel.js';
import { DeliveryError, type AlarmNotification } from './types.js';
import { createWebhookChannel, WEBHOOK_SIGNATURE_HEADER } from './webhook-channel.js';

const AT = Date.UTC(2025, 5, 10, 8, 0, 0);
const notification = (over: Partial<AlarmNotification> = {}): AlarmNotification => ({
  attemptId: 'a1b2c3',
  plant: { name: 'Zweckverband Wasser und Abwasser Talaue', timeZone: 'Europe/Berlin' },
  plan: {
    station: 6,
    stationName: 'Abwasserpumpwerk Niederau',
    planNumber: 1,
    planname: 'Bereitschaft Abwasser',
  },
  recipient: { id: 11, name: 'Bereitschaft', channel: 'email', address: 'bereitschaft@zv-talaue.example' },
  messages: [
    { id: 'm1', priority: 1, at: AT, text: 'Pumpe 1: Störung' },
    { id: 'm2', priority: 2, at: AT + 60_000, text: 'Pumpensumpf: Niveau hoch' },
  ],
  confirmUrl: 'https://leitwarte.zv-talaue.example/remote-alarm/confirm?token=abc.def.ghi',
  confirmApiUrl: 'https://leitwarte.zv-talaue.example/api/RemoteAlert/confirmation',
  token: 'abc.def.ghi',
  replyCode: '482913',
  expiresAt: AT + 86_400_000,
  ...over,
});

describe('e-mail over SMTP (nodemailer against a local SMTP server)', () => {
  let smtp: LocalSmtpServer | null = null;
  afterEach(async () => {
    await smtp?.close();
    smtp = null;
  });

  it.each([
    ['STARTTLS', false],
    ['implicit TLS', true],
  ])(
    'sends with %s and authentication: subject, messages in the plant zone, the link',
    async (_n, implicit) => {
      smtp = await startLocalSmtpServer({ implicitTls: implicit });
      const mail = createSmtpMailSender({
        url: smtp.url,
        from: 'Leitwarte <leitwarte@zv-talaue.example>',
        tls: implicit ? 'tls' : 'starttls',
        caFile: smtp.caFile,
        timeoutMs: 10_000,
      });
      await createEmailChannel(mail, 'leitwarte.zv-talaue.example').send(notification());
      const [received] = await smtp.waitForMails(1);
      expect(received?.subject).toBe('Alarm Abwasserpumpwerk Niederau: Bereitschaft Abwasser (2 Meldungen)');
      expect(received?.messageId).toBe('<alarm-a1b2c3@leitwarte.zv-talaue.example>');
      expect(received?.text).toContain('10.06.2025, 10:00:00  Priorität 1  Pumpe 1: Störung');
      expect(received?.text).toContain(
        'Bitte quittieren: https://leitwarte.zv-talaue.example/remote-alarm/confirm?token=abc.def.ghi',
      );
      mail.close();
    },
  );

  it('fails with the mail server words on a refusal, on wrong credentials and without TLS trust', async () => {
    smtp = await startLocalSmtpServer();
    const settings = {
      url: smtp.url,
      from: 'leitwarte@zv-talaue.example',
      tls: 'starttls' as const,
      caFile: smtp.caFile,
      timeoutMs: 10_000,
    };
    smtp.refuseWith({ code: 550, message: 'Mailbox unavailable' });
    const refused = createEmailChannel(createSmtpMailSender(settings), 'x.example');
    await expect(refused.send(notification())).rejects.toThrow(/Mailserver: .*Mailbox unavailable/);
    smtp.refuseWith(null);
    const wrong = createEmailChannel(
      createSmtpMailSender({ ...settings, url: smtp.url.replace('Smtp-Test', 'Wrong') }),
      'x.example',
    );
    await expect(wrong.send(notification())).rejects.toThrow(DeliveryError);
    const untrusted = createEmailChannel(createSmtpMailSender({ ...settings, caFile: null }), 'x.example');
    await expect(untrusted.send(notification())).rejects.toThrow(/certificate/i);
    expect(smtp.mails).toHaveLength(0);
  });
});

describe('SMS through an HTTP gateway (request template)', () => {
  let gateway: StandIn | null = null;
  afterEach(async () => {
    await gateway?.close();
    gateway = null;
  });

  it('fills a GET template: E.164 number, the text with its reply code, URL-encoded', async () => {
    gateway = await startStandIn();
    const sms = createSmsChannel(
      {
        url: `${gateway.url}/cgi-bin/sendsms?user=lw&to={toDigits}&text={text}&ref={id}`,
        method: 'GET',
        body: null,
        contentType: 'application/json',
        authorization: null,
        timeoutMs: 5_000,
      },
      'DE',
    );
    await sms.send(
      notification({ recipient: { id: 2, name: 'Handy', channel: 'sms', address: '0151-23456702' } }),
    );
    const url = new URL(gateway.requests[0]?.url ?? '', gateway.url);
    expect(url.searchParams.get('to')).toBe('4915123456702');
    expect(url.searchParams.get('ref')).toBe('a1b2c3');
    const text = url.searchParams.get('text') ?? '';
    expect(text).toBe('Alarm Abwasserpumpwerk Niederau: Pumpe 1: Störung (+1). Quittieren: Antwort 482913');
    expect(text.length).toBeLessThanOrEqual(160);
  });

  it('posts a JSON body with escaped values and the authorization; a gateway error fails', async () => {
    let status = 200;
    gateway = await startStandIn(() => ({ status, body: status === 200 ? 'queued' : 'no credit left' }));
    const sms = createSmsChannel(
      {
        url: `${gateway.url}/api/send`,
        method: 'POST',
        body: '{"to":"{to}","message":"{text}"}',
        contentType: 'application/json',
        authorization: 'Bearer gw-token',
        timeoutMs: 5_000,
      },
      'DE',
    );
    const recipient = { id: 2, name: 'Handy', channel: 'sms' as const, address: '+49 171 5550123' };
    await sms.send(
      notification({ recipient, messages: [{ id: 'm', priority: 1, at: AT, text: 'Ventil "V1" offen' }] }),
    );
    const request = gateway.requests[0];
    expect(request?.headers.authorization).toBe('Bearer gw-token');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      to: '+491715550123',
      message: 'Alarm Abwasserpumpwerk Niederau: Ventil "V1" offen. Quittieren: Antwort 482913',
    });
    status = 402;
    await expect(sms.send(notification({ recipient }))).rejects.toThrow(
      'SMS-Gateway antwortete 402: no credit left',
    );
    await gateway.close();
    await expect(sms.send(notification({ recipient }))).rejects.toThrow(/SMS-Gateway nicht erreichbar/);
    gateway = null;
  });

  it('escapes for the body content type and leaves unknown placeholders alone', () => {
    const values = { to: '+49 1', text: 'a&b "c"' };
    expect(fillTemplate('{to}|{text}|{other}', values, encodeURIComponent)).toBe(
      '%2B49%201|a%26b%20%22c%22|{other}',
    );
  });
});

describe('webhook and push', () => {
  let peer: StandIn | null = null;
  afterEach(async () => {
    await peer?.close();
    peer = null;
  });

  it('posts the JSON payload signed with HMAC-SHA256 of the body', async () => {
    peer = await startStandIn();
    const webhook = createWebhookChannel({
      url: `${peer.url}/hooks/alarm`,
      secret: 'hook-secret',
      timeoutMs: 5_000,
    });
    await webhook.send(
      notification({ recipient: { id: 9, name: 'Leitstelle', channel: 'webhook', address: 'leitstelle' } }),
    );
    const request = peer.requests[0];
    const expected = createHmac('sha256', 'hook-secret')
      .update(request?.body ?? '')
      .digest('hex');
    expect(request?.headers[WEBHOOK_SIGNATURE_HEADER]).toBe(`sha256=${expected}`);
    const body = JSON.parse(request?.body ?? '{}') as Record<string, unknown>;
    expect(body).toMatchObject({
      event: 'remoteAlarm.notification',
      attemptId: 'a1b2c3',
      recipient: { id: 9, name: 'Leitstelle', address: 'leitstelle' },
      confirmation: {
        token: 'abc.def.ghi',
        api: 'https://leitwarte.zv-talaue.example/api/RemoteAlert/confirmation',
      },
    });
    expect(body.messages).toEqual([
      { priority: 1, at: '2025-06-10T08:00:00.000Z', text: 'Pumpe 1: Störung' },
      { priority: 2, at: '2025-06-10T08:01:00.000Z', text: 'Pumpensumpf: Niveau hoch' },
    ]);
  });

  it('publishes to ntfy: the topic, urgent priority, the page on tap, an HTTP action that confirms', async () => {
    peer = await startStandIn();
    const push = createPushChannel({ url: peer.url, token: 'tk_push', timeoutMs: 5_000 });
    await push.send(
      notification({
        recipient: { id: 12, name: 'Leitstelle', channel: 'push', address: 'zv-talaue-leitstelle' },
      }),
    );
    const request = peer.requests[0];
    expect(request?.headers.authorization).toBe('Bearer tk_push');
    const body = JSON.parse(request?.body ?? '{}') as Record<string, unknown>;
    expect(body).toMatchObject({
      topic: 'zv-talaue-leitstelle',
      priority: 5,
      click: 'https://leitwarte.zv-talaue.example/remote-alarm/confirm?token=abc.def.ghi',
      actions: [
        {
          action: 'http',
          method: 'POST',
          url: 'https://leitwarte.zv-talaue.example/api/RemoteAlert/confirmation',
          body: '{"token":"abc.def.ghi"}',
        },
      ],
    });
  });
});
