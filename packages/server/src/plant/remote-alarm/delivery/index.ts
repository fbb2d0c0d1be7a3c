import type { AlarmChannel } from '@leitwarte/core';
import { createSmtpMailSender } from '../../mail/index.js';
import type { DeliveryConfig } from './delivery-config.js';
import { createEmailChannel } from './email-channel.js';
import { createPushChannel } from './push-channel.js';
import { createSmsChannel } from './sms-channel.js';
import type { DeliveryChannel } from './types.js';
import { createWebhookChannel } from './webhook-channel.js';

export {
  loadDeliveryConfig,
  NO_DELIVERY,
  type DeliveryConfig,
  type SmsGatewaySettings,
} from './delivery-config.js';
export { DeliveryError, type AlarmNotification, type DeliveryChannel } from './types.js';
export { WEBHOOK_SIGNATURE_HEADER } from './webhook-channel.js';

/** The channels the configuration sets up, by channel. */
export function createDeliveryChannels(
  config: DeliveryConfig,
  country: string,
): Map<AlarmChannel, DeliveryChannel> {
  const channels: DeliveryChannel[] = [];
  if (config.smtp) {
    const domain = config.publicUrl ? new URL(config.publicUrl).hostname : 'leitwarte.invalid';
    channels.push(createEmailChannel(createSmtpMailSender(config.smtp), domain));
  }
  if (config.sms) channels.push(createSmsChannel(config.sms, country));
  if (config.webhook) channels.push(createWebhookChannel(config.webhook));
  if (config.push) channels.push(createPushChannel(config.push));
  return new Map(channels.map((c) => [c.channel, c]));
}
