import { createHmac } from 'node:crypto';
import { deliver } from './http-request.js';
import { alarmTitle } from './notification-text.js';
import type { DeliveryChannel } from './types.js';

/** Header with the body's HMAC-SHA256 (hex) under the webhook secret, as "sha256=<hex>". */
export const WEBHOOK_SIGNATURE_HEADER = 'x-leitwarte-signature';

/** The JSON a webhook receives: the plan, the recipient, the messages and how to confirm. */
export function webhookPayload(n: Parameters<DeliveryChannel['send']>[0]) {
  return {
    event: 'remoteAlarm.notification',
    attemptId: n.attemptId,
    title: alarmTitle(n),
    plant: n.plant.name,
    plan: n.plan,
    recipient: { id: n.recipient.id, name: n.recipient.name, address: n.recipient.address },
    messages: n.messages.map((m) => ({
      priority: m.priority,
      at: new Date(m.at).toISOString(),
      text: m.text,
    })),
    confirmation: {
      url: n.confirmUrl,
      api: n.confirmApiUrl,
      token: n.token,
      expiresAt: new Date(n.expiresAt).toISOString(),
    },
  };
}

/**
 * A generic JSON webhook (an incident system, a chat bridge): one POST per notification, signed
 * when a secret is set. The receiver confirms with a POST of { token } to confirmation.api.
 */
export function createWebhookChannel(settings: {
  url: string;
  secret: string | null;
  timeoutMs: number;
}): DeliveryChannel {
  return {
    channel: 'webhook',
    async send(n) {
      const body = JSON.stringify(webhookPayload(n));
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'x-leitwarte-delivery': n.attemptId,
      };
      if (settings.secret)
        headers[WEBHOOK_SIGNATURE_HEADER] =
          `sha256=${createHmac('sha256', settings.secret).update(body).digest('hex')}`;
      await deliver('Webhook', settings.url, { method: 'POST', headers, body }, settings.timeoutMs);
    },
    close: () => {},
  };
}
