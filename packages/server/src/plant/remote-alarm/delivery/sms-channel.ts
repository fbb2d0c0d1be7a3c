import { phoneToE164 } from '@leitwarte/core';
import type { SmsGatewaySettings } from './delivery-config.js';
import { deliver } from './http-request.js';
import { alarmSms } from './notification-text.js';
import { DeliveryError, type DeliveryChannel } from './types.js';

/** A template's placeholders filled in, each value escaped by `escape`. */
export function fillTemplate(
  template: string,
  values: Record<string, string>,
  escape: (value: string) => string,
): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? escape(values[name] as string) : whole,
  );
}

/** How a body template's values are escaped for its content type. */
function bodyEscape(contentType: string): (value: string) => string {
  if (/json/i.test(contentType)) return (v) => JSON.stringify(v).slice(1, -1);
  if (/x-www-form-urlencoded/i.test(contentType)) return encodeURIComponent;
  return (v) => v;
}

/**
 * SMS through an HTTP gateway, as the GSM gateways utilities run offer it: a request template
 * with the number in E.164 ({to}, or {toDigits} without "+"), the text ({text}) and our id
 * ({id}). The recipient confirms by answering with the code the text names (the gateway's
 * webhook passes the answer on).
 */
export function createSmsChannel(settings: SmsGatewaySettings, country: string): DeliveryChannel {
  return {
    channel: 'sms',
    async send(n) {
      const to = phoneToE164(n.recipient.address, country);
      if (to === null) throw new DeliveryError(`Keine gültige Rufnummer: ${n.recipient.address}`);
      const values = { to, toDigits: to.slice(1), text: alarmSms(n), id: n.attemptId };
      const headers: Record<string, string> = {};
      if (settings.authorization) headers.authorization = settings.authorization;
      if (settings.method === 'POST') headers['content-type'] = settings.contentType;
      await deliver(
        'SMS-Gateway',
        fillTemplate(settings.url, values, encodeURIComponent),
        {
          method: settings.method,
          headers,
          body:
            settings.body === null
              ? undefined
              : fillTemplate(settings.body, values, bodyEscape(settings.contentType)),
        },
        settings.timeoutMs,
      );
    },
    close: () => {},
  };
}
