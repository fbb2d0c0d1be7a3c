import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config.js';

const load = (env: Record<string, string>) => loadConfig(env, '/srv/leitwarte').remoteAlarm;
const refused = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (error) {
    return error instanceof ConfigError ? error.variable : String(error);
  }
  return null;
};

describe('remote alarm delivery configuration (LEITWARTE_* variables)', () => {
  it('has no channel but voice by default', () => {
    expect(load({})).toEqual({
      publicUrl: null,
      smtp: null,
      sms: null,
      smsReplySecret: null,
      webhook: null,
      push: null,
    });
  });

  it('reads every channel', () => {
    const config = load({
      LEITWARTE_PUBLIC_URL: 'https://leitwarte.zv-talaue.example/',
      LEITWARTE_SMTP_URL: 'smtps://alarm:geheim@mail.zv-talaue.example',
      LEITWARTE_SMTP_FROM: 'Leitwarte <alarm@zv-talaue.example>',
      LEITWARTE_SMS_GATEWAY_URL: 'http://gsm-gw.local/cgi-bin/sendsms?to={toDigits}&text={text}',
      LEITWARTE_SMS_GATEWAY_METHOD: 'get',
      LEITWARTE_SMS_REPLY_SECRET: 'a-long-enough-secret',
      LEITWARTE_ALARM_WEBHOOK_URL: 'https://incidents.zv-talaue.example/hook',
      LEITWARTE_ALARM_WEBHOOK_SECRET: 'hook',
      LEITWARTE_NTFY_URL: 'https://ntfy.zv-talaue.example/',
      LEITWARTE_NTFY_TOKEN: 'tk_1',
    });
    expect(config.publicUrl).toBe('https://leitwarte.zv-talaue.example');
    expect(config.smtp).toMatchObject({ tls: 'tls', from: 'Leitwarte <alarm@zv-talaue.example>' });
    expect(config.sms).toMatchObject({ method: 'GET', body: null });
    expect(config.webhook).toMatchObject({ secret: 'hook' });
    expect(config.push).toMatchObject({ url: 'https://ntfy.zv-talaue.example', token: 'tk_1' });
  });

  it('stops at start naming the variable that is wrong or missing', () => {
    const mail = { LEITWARTE_SMTP_URL: 'smtp://mail.local', LEITWARTE_SMTP_FROM: 'a@b.de' };
    expect(refused(mail)).toBe('LEITWARTE_PUBLIC_URL');
    expect(refused({ LEITWARTE_SMTP_URL: 'http://mail.local' })).toBe('LEITWARTE_SMTP_URL');
    expect(refused({ ...mail, LEITWARTE_SMTP_FROM: '', LEITWARTE_PUBLIC_URL: 'https://x.example' })).toBe(
      'LEITWARTE_SMTP_FROM',
    );
    expect(refused({ ...mail, LEITWARTE_PUBLIC_URL: 'https://x.example', LEITWARTE_SMTP_TLS: 'maybe' })).toBe(
      'LEITWARTE_SMTP_TLS',
    );
    expect(refused({ LEITWARTE_SMS_GATEWAY_URL: 'ftp://gw' })).toBe('LEITWARTE_SMS_GATEWAY_URL');
    expect(refused({ LEITWARTE_SMS_GATEWAY_URL: 'http://gw/x', LEITWARTE_SMS_GATEWAY_METHOD: 'PUT' })).toBe(
      'LEITWARTE_SMS_GATEWAY_METHOD',
    );
    expect(refused({ LEITWARTE_SMS_REPLY_SECRET: 'short' })).toBe('LEITWARTE_SMS_REPLY_SECRET');
    expect(refused({ LEITWARTE_NTFY_URL: 'https://ntfy.example' })).toBe('LEITWARTE_PUBLIC_URL');
  });
});
