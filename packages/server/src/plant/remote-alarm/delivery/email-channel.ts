import type { MailSender } from '../../mail/index.js';
import { alarmMailText, alarmTitle } from './notification-text.js';
import { DeliveryError, type DeliveryChannel } from './types.js';

/** E-mail recipients, through the server's mail sender; the mail carries the confirmation link. */
export function createEmailChannel(mail: MailSender, domain: string): DeliveryChannel {
  return {
    channel: 'email',
    async send(n) {
      try {
        await mail.send({
          to: n.recipient.address,
          subject: alarmTitle(n),
          text: alarmMailText(n),
          // The same id on a retry: a mail client shows a resent alarm once.
          messageId: `<alarm-${n.attemptId}@${domain}>`,
          headers: { 'X-Priority': '1', Importance: 'high', 'Auto-Submitted': 'auto-generated' },
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new DeliveryError(`Mailserver: ${reason}`);
      }
    },
    close: () => mail.close(),
  };
}
