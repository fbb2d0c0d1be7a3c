import { deliver } from './http-request.js';
import { alarmPushText, alarmTitle } from './notification-text.js';
import type { DeliveryChannel } from './types.js';

/**
 * Push messages through an ntfy server (JSON publishing to its root): the call number is the
 * topic. Urgent priority; a tap opens the confirmation page, the "Quittieren" button confirms at
 * once with an HTTP action.
 */
export function createPushChannel(settings: {
  url: string;
  token: string | null;
  timeoutMs: number;
}): DeliveryChannel {
  return {
    channel: 'push',
    async send(n) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (settings.token) headers.authorization = `Bearer ${settings.token}`;
      const body = JSON.stringify({
        topic: n.recipient.address,
        title: alarmTitle(n),
        message: alarmPushText(n),
        priority: 5,
        tags: ['rotating_light'],
        click: n.confirmUrl,
        actions: [
          {
            action: 'http',
            label: 'Quittieren',
            url: n.confirmApiUrl,
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ token: n.token }),
            clear: true,
          },
        ],
      });
      await deliver('Push-Server', `${settings.url}/`, { method: 'POST', headers, body }, settings.timeoutMs);
    },
    close: () => {},
  };
}
