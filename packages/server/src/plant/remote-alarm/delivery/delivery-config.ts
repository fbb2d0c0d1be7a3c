import fs from 'node:fs';
import type { SmtpSettings } from '../../mail/index.js';

/** The SMS gateway as an HTTP request template (README: Remote alarm delivery). */
export interface SmsGatewaySettings {
  /** URL with placeholders {to}, {toDigits}, {text}, {id} (URL-encoded when filled in). */
  url: string;
  method: 'GET' | 'POST';
  /** Body template for POST, with the same placeholders (escaped for the content type). */
  body: string | null;
  contentType: string;
  /** Authorization header value (e.g. "Bearer …" or "Basic …"), if the gateway wants one. */
  authorization: string | null;
  timeoutMs: number;
}

/** The delivery channels of the remote alarm besides voice, each null when not set up. */
export interface DeliveryConfig {
  /** Base address of this server as the recipients reach it, for confirmation links. */
  publicUrl: string | null;
  smtp: SmtpSettings | null;
  sms: SmsGatewaySettings | null;
  /** Secret the gateway's reply webhook must send; unset: SMS replies are not taken. */
  smsReplySecret: string | null;
  webhook: { url: string; secret: string | null; timeoutMs: number } | null;
  push: { url: string; token: string | null; timeoutMs: number } | null;
}

type Env = Record<string, string | undefined>;
type Fail = (variable: string, detail: string) => never;

const TIMEOUT_MS = 15_000;

function text(env: Env, name: string): string | null {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? null : raw.trim();
}

function url(env: Env, name: string, protocols: string[], fail: Fail): string | null {
  const raw = text(env, name);
  if (raw === null) return null;
  let parsed: URL;
  try {
    // Placeholders of a template are not valid in every part of a URL: check it filled in.
    parsed = new URL(raw.replace(/\{\w+\}/g, 'x'));
  } catch {
    return fail(name, 'is not a valid URL');
  }
  if (!protocols.includes(parsed.protocol))
    return fail(name, `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  return raw;
}

function smtp(env: Env, fail: Fail): SmtpSettings | null {
  const address = url(env, 'LEITWARTE_SMTP_URL', ['smtp:', 'smtps:'], fail);
  if (address === null) return null;
  const from =
    text(env, 'LEITWARTE_SMTP_FROM') ?? fail('LEITWARTE_SMTP_FROM', 'is needed with LEITWARTE_SMTP_URL');
  const tls = text(env, 'LEITWARTE_SMTP_TLS') ?? (address.startsWith('smtps:') ? 'tls' : 'starttls');
  if (tls !== 'starttls' && tls !== 'tls' && tls !== 'none')
    fail('LEITWARTE_SMTP_TLS', 'must be starttls, tls or none');
  const caFile = text(env, 'LEITWARTE_SMTP_CA_FILE');
  if (caFile !== null && !fs.existsSync(caFile)) fail('LEITWARTE_SMTP_CA_FILE', `no file ${caFile}`);
  return { url: address, from, tls: tls as SmtpSettings['tls'], caFile, timeoutMs: TIMEOUT_MS };
}

function sms(env: Env, fail: Fail): SmsGatewaySettings | null {
  const template = url(env, 'LEITWARTE_SMS_GATEWAY_URL', ['http:', 'https:'], fail);
  if (template === null) return null;
  const method = (text(env, 'LEITWARTE_SMS_GATEWAY_METHOD') ?? 'POST').toUpperCase();
  if (method !== 'GET' && method !== 'POST') fail('LEITWARTE_SMS_GATEWAY_METHOD', 'must be GET or POST');
  const body = text(env, 'LEITWARTE_SMS_GATEWAY_BODY');
  if (method === 'GET' && body !== null) fail('LEITWARTE_SMS_GATEWAY_BODY', 'needs the method POST');
  return {
    url: template,
    method: method as 'GET' | 'POST',
    body: method === 'POST' ? (body ?? '{"to":"{to}","text":"{text}"}') : null,
    contentType: text(env, 'LEITWARTE_SMS_GATEWAY_CONTENT_TYPE') ?? 'application/json',
    authorization: text(env, 'LEITWARTE_SMS_GATEWAY_AUTHORIZATION'),
    timeoutMs: TIMEOUT_MS,
  };
}

/** Reads the delivery channels from LEITWARTE_* variables; `fail` reports a bad one. */
export function loadDeliveryConfig(env: Env, fail: Fail): DeliveryConfig {
  const publicUrl = url(env, 'LEITWARTE_PUBLIC_URL', ['http:', 'https:'], fail);
  const webhookUrl = url(env, 'LEITWARTE_ALARM_WEBHOOK_URL', ['http:', 'https:'], fail);
  const pushUrl = url(env, 'LEITWARTE_NTFY_URL', ['http:', 'https:'], fail);
  const config: DeliveryConfig = {
    publicUrl: publicUrl?.replace(/\/+$/, '') ?? null,
    smtp: smtp(env, fail),
    sms: sms(env, fail),
    smsReplySecret: text(env, 'LEITWARTE_SMS_REPLY_SECRET'),
    webhook: webhookUrl
      ? { url: webhookUrl, secret: text(env, 'LEITWARTE_ALARM_WEBHOOK_SECRET'), timeoutMs: TIMEOUT_MS }
      : null,
    push: pushUrl
      ? { url: pushUrl.replace(/\/+$/, ''), token: text(env, 'LEITWARTE_NTFY_TOKEN'), timeoutMs: TIMEOUT_MS }
      : null,
  };
  // E-mails, pushes and webhooks carry a confirmation link: it must point at this server.
  const linked = config.smtp
    ? 'LEITWARTE_SMTP_URL'
    : config.push
      ? 'LEITWARTE_NTFY_URL'
      : config.webhook
        ? 'LEITWARTE_ALARM_WEBHOOK_URL'
        : null;
  if (linked && config.publicUrl === null)
    fail('LEITWARTE_PUBLIC_URL', `is needed with ${linked}: the confirmation links point at this server`);
  if (config.smsReplySecret !== null && config.smsReplySecret.length < 16)
    fail('LEITWARTE_SMS_REPLY_SECRET', 'must have at least 16 characters');
  return config;
}

/** No channel but voice. */
export const NO_DELIVERY: DeliveryConfig = {
  publicUrl: null,
  smtp: null,
  sms: null,
  smsReplySecret: null,
  webhook: null,
  push: null,
};
