import type { AlarmChannel } from '@leitwarte/core';

/** One notification to one recipient: the plan's open messages and how to confirm them. */
export interface AlarmNotification {
  /** The delivery attempt; the same on every retry, so receivers can drop duplicates. */
  attemptId: string;
  plant: { name: string; timeZone: string };
  plan: { station: number; stationName: string; planNumber: number; planname: string };
  recipient: { id: number; name: string; channel: AlarmChannel; address: string };
  messages: { id: string; priority: number; at: number; text: string }[];
  /** The recipient's confirmation page (e-mail, push, webhook). */
  confirmUrl: string;
  /** Where a receiving system confirms with a POST of { token } (push actions, webhooks). */
  confirmApiUrl: string;
  token: string;
  /** The code an SMS reply confirms with. */
  replyCode: string;
  expiresAt: number;
}

/** Why a delivery failed, as the peer said it (no secrets: no URLs with credentials). */
export class DeliveryError extends Error {
  override name = 'DeliveryError';
}

/** A way of reaching recipients besides voice calls; send() throws DeliveryError when refused. */
export interface DeliveryChannel {
  readonly channel: Exclude<AlarmChannel, 'voice'>;
  send(notification: AlarmNotification): Promise<void>;
  close(): void;
}
