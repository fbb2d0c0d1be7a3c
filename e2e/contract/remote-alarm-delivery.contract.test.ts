import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_MESSAGE } from '../../packages/server/src/http/require-right';
import {
  startLocalSmtpServer,
  type LocalSmtpServer,
} from '../../packages/server/src/test-support/local-peers';
import { NetworkError } from '../../packages/web/src/api/http';
import { confirmAlarm, getConfirmation, setPlanRecipients } from '../../packages/web/src/api/remote-alert';
import { openApiSession, type ApiSession } from './support/api-session';

describe('remote alarm delivery client', () => {
  let session: ApiSession;
  let smtp: LocalSmtpServer;

  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
    session = await openApiSession({
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
          sms: null,
          smsReplySecret: null,
          webhook: null,
          push: null,
        },
      },
    });
    await session.asAdmin();
  });
  afterAll(async () => {
    await session.close();
    await smtp.close();
  });

  it('sets the call numbers at the positions of a plan and passes refusals on', async () => {
    expect(await setPlanRecipients([{ station: 3, planNumber: 2, recipients: [3, 9] }])).toMatchObject({
      status: 'Success',
    });
    const info = session.server.services.domain.remoteAlarm
      .planInfos()
      .find((p) => p.station === 3 && p.planNumber === 2);
    expect(info?.recipients.slice(0, 3)).toEqual([3, 9, null]);
    expect(await setPlanRecipients([{ station: 3, planNumber: 9, recipients: [] }])).toMatchObject({
      status: 'Failed',
      missingPlans: [{ station: 3, planNumber: 9 }],
    });
    session.offline();
    expect(await setPlanRecipients([])).toMatchObject({ status: 'Failed', errorMessage: 'Netzwerkfehler' });
    session.online();
    await session.as('zuschauer', 'viewer');
    expect(await setPlanRecipients([{ station: 3, planNumber: 2, recipients: [] }])).toMatchObject({
      status: 'Failed',
      errorMessage: FORBIDDEN_MESSAGE,
    });
  });

  it("reads and redeems an e-mail's confirmation token, once", async () => {
    await session.server.services.domain.remoteAlarm.onAlarm(1, 2, 'Vertragstest: Druck tief');
    const mail = (await smtp.waitForMails(1)).find((m) => m.text?.includes('Vertragstest'));
    const token = /token=([A-Za-z0-9._-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(await getConfirmation(token)).toMatchObject({
      state: 'open',
      planname: 'Bereitschaft Wasser',
      channel: 'email',
      messages: [{ priority: 2, text: 'Vertragstest: Druck tief' }],
      timeZone: 'Europe/Berlin',
    });
    expect(await confirmAlarm(token)).toMatchObject({ status: 'Success', state: 'confirmed' });
    expect(await confirmAlarm(token)).toEqual({ status: 'Failed', state: 'confirmed', confirmedMessages: 0 });
    expect(await getConfirmation('not.a.token')).toMatchObject({ state: 'invalid', messages: [] });
    session.offline();
    await expect(getConfirmation(token)).rejects.toBeInstanceOf(NetworkError);
    await expect(confirmAlarm(token)).rejects.toBeInstanceOf(NetworkError);
    session.online();
  });
});
