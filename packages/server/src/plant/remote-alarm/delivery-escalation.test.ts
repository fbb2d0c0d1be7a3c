import { REMOTE_ALARM_TEXT_KEYS as KEYS, type AlarmPlanInfo } from '@leitwarte/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSimulator, QUIET_RATES } from '../../sources/index.js';
import { openStore, type Store } from '../../store/index.js';
import { BOTH_DIALECTS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import {
  startLocalSmtpServer,
  startStandIn,
  type LocalSmtpServer,
  type StandIn,
} from '../../test-support/local-peers.js';
import { createPlant, DEMO_PLANT_PATH, loadPlantDefinition } from '../index.js';
import type { Plant } from '../plant.js';
import {
  createRemoteAlarmService,
  loadRemoteAlarmContent,
  plantContentPath,
  type DeliveryChannel,
  type DeliveryConfig,
  type RemoteAlarmContent,
} from './index.js';

const definition = loadPlantDefinition(DEMO_PLANT_PATH);
const stations = new Set(definition.stations.map((s) => s.number));
const demo = loadRemoteAlarmContent(plantContentPath(DEMO_PLANT_PATH, 'remote-alarm.json'), stations);
const T0 = Date.UTC(2025, 5, 10, 8, 0, 0);
const CONFIRM_MS = 60_000;
const PAUSE_MS = 10_000;
const BACKOFF_MS = 5_000;

/** The demo with "Bereitschaft Abwasser" at Niederau (6/1) alerting an e-mail, then an SMS, then a phone. */
function content(): RemoteAlarmContent {
  const c = structuredClone(demo);
  c.callNumbers.push(
    {
      id: 21,
      name: 'Bereitschaft Abwasser E-Mail',
      number: 'bereitschaft@zv-talaue.example',
      active: true,
      category: 1,
      channel: 'email',
    },
    {
      id: 23,
      name: 'Bereitschaft Abwasser SMS',
      number: '0151-23456702',
      active: true,
      category: 1,
      channel: 'sms',
    },
  );
  const plan = c.plans.find((p) => p.station === 6 && p.planNumber === 1);
  if (plan) plan.recipients = [21, 23, 2];
  return c;
}

const tokenOf = (text: string | undefined) => /token=([A-Za-z0-9._-]+)/.exec(text ?? '')?.[1] ?? '';

describe.each(BOTH_DIALECTS)('remote alarm delivery on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let plant: Plant;
  let smtp: LocalSmtpServer;
  let gateway: StandIn;
  let t = T0;

  const delivery = (): DeliveryConfig => ({
    publicUrl: 'https://leitwarte.zv-talaue.example',
    smtp: {
      url: smtp.url,
      from: 'leitwarte@zv-talaue.example',
      tls: 'starttls',
      caFile: smtp.caFile,
      timeoutMs: 10_000,
    },
    sms: {
      url: `${gateway.url}/send`,
      method: 'POST',
      body: '{"to":"{to}","text":"{text}"}',
      contentType: 'application/json',
      authorization: null,
      timeoutMs: 5_000,
    },
    smsReplySecret: 'sms-reply-secret-0123456789',
    webhook: null,
    push: null,
  });
  const start = async (channels?: ReadonlyMap<'email', DeliveryChannel>) => {
    const remote = createRemoteAlarmService({
      store,
      plant,
      content: content(),
      delivery: delivery(),
      channels,
      now: () => t,
      autoTick: false,
      random: () => 0.5,
      timing: {
        callMs: [30_000, 30_000],
        pauseMs: PAUSE_MS,
        confirmProbability: 0,
        lineFaultProbability: 0,
        confirmMs: CONFIRM_MS,
        retryTries: 3,
        retryBackoffMs: BACKOFF_MS,
      },
      canEditPlan: () => true,
    });
    await remote.start();
    const plan = () => remote.planInfos().find((p) => p.station === 6 && p.planNumber === 1) as AlarmPlanInfo;
    const advance = async (ms: number) => {
      t += ms;
      await remote.tick();
      await remote.escalation.settled();
    };
    return { remote, plan, advance };
  };
  const actions = async () => (await store.audit.range(0, t + 1, 200)).map((r) => r.action).reverse();

  beforeEach(async () => {
    t = T0;
    database = await createTestDatabase(dialect);
    store = await openStore(database);
    plant = createPlant({
      definition,
      source: createSimulator(definition, { now: () => t, autoTick: false, rates: QUIET_RATES }),
      now: () => t,
    });
    await plant.start();
    smtp = await startLocalSmtpServer();
    gateway = await startStandIn();
  });
  afterEach(async () => {
    await plant.stop();
    await store.close();
    await database.drop();
    await smtp.close();
    await gateway.close();
  });

  it('an e-mail recipient gets a mail whose link confirms it once; all of it is audited', async () => {
    const { remote, plan } = await start();
    await remote.onAlarm(6, 1, 'Pumpe 1: Störung');
    await remote.escalation.settled();
    const [mail] = await smtp.waitForMails(1);
    expect(mail?.to).toMatchObject({ text: 'bereitschaft@zv-talaue.example' });
    expect(plan()).toMatchObject({
      alertingCount: 1,
      notificationsSent: 1,
      undeliveredMessages: 1,
      statusText: KEYS.awaitingConfirmation,
      delivery: { callNumberId: 21, channel: 'email', phase: 'waiting', tries: 1, until: T0 + CONFIRM_MS },
    });
    const token = tokenOf(mail?.text);
    expect(await remote.confirmationInfo(token)).toMatchObject({
      state: 'open',
      planname: 'Bereitschaft Abwasser',
      stationName: 'Abwasserpumpwerk Niederau',
      recipientName: 'Bereitschaft Abwasser E-Mail',
      messages: [{ priority: 1, at: T0, text: 'Pumpe 1: Störung' }],
    });
    t += 20_000;
    expect(await remote.confirm(token, 'link')).toEqual({
      status: 'Success',
      state: 'confirmed',
      confirmedMessages: 1,
    });
    expect(plan()).toMatchObject({
      undeliveredMessages: 0,
      deliveredMessages: 1,
      statusText: KEYS.delivered,
      delivery: null,
    });
    // Single use: a second click, and anything not signed by us, confirm nothing.
    expect(await remote.confirm(token, 'link')).toMatchObject({ status: 'Failed', state: 'confirmed' });
    expect((await remote.confirmationInfo(token)).confirmedAt).toBe(T0 + 20_000);
    const forged = `${token.slice(0, -2)}xx`;
    expect(await remote.confirm(forged, 'link')).toMatchObject({ status: 'Failed', state: 'invalid' });
    expect((await remote.confirmationInfo(forged)).planname).toBe('');
    expect(await actions()).toEqual([
      'remoteAlarm.attempt',
      'remoteAlarm.notificationSent',
      'remoteAlarm.confirmed',
      'remoteAlarm.escalationEnded',
    ]);
    await remote.stop();
  });

  it('retries a failed delivery with backoff, then alerts the next recipient by SMS, confirmed by reply code', async () => {
    const { remote, plan, advance } = await start();
    smtp.refuseWith({ code: 550, message: 'Mailbox unavailable' });
    await remote.onAlarm(6, 1, 'Pumpe 1: Störung');
    await remote.escalation.settled();
    expect(plan()).toMatchObject({
      notificationsFailed: 1,
      statusText: KEYS.deliveryRetry,
      delivery: { phase: 'sending', tries: 1, until: T0 + BACKOFF_MS },
    });
    expect(plan().delivery?.lastError).toMatch(/Mailbox unavailable/);
    await advance(BACKOFF_MS - 1);
    expect(plan().notificationsFailed).toBe(1);
    await advance(1);
    expect(plan()).toMatchObject({
      notificationsFailed: 2,
      delivery: { tries: 2, until: t + 2 * BACKOFF_MS },
    });
    await advance(2 * BACKOFF_MS);
    // Third failure: the next number after the pause.
    expect(plan()).toMatchObject({
      notificationsFailed: 3,
      callNumberChangeCount: 1,
      alertingCount: 1,
      delivery: null,
    });
    await advance(PAUSE_MS);
    expect(plan()).toMatchObject({
      alertingCount: 2,
      delivery: { callNumberId: 23, channel: 'sms', phase: 'waiting' },
    });
    const sms = JSON.parse(gateway.requests[0]?.body ?? '{}') as { to: string; text: string };
    expect(sms.to).toBe('+4915123456702');
    const code = /Antwort (\d{6})/.exec(sms.text)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    // Only the number the code went to confirms with it.
    expect(await remote.smsReply('+4915199999999', code)).toEqual({ status: 'Failed', confirmedMessages: 0 });
    expect(await remote.smsReply('0151 23456702', `ok ${code}`)).toEqual({
      status: 'Success',
      confirmedMessages: 1,
    });
    expect(plan()).toMatchObject({
      undeliveredMessages: 0,
      deliveredMessages: 1,
      statusText: KEYS.delivered,
    });
    expect(await remote.smsReply('+4915123456702', code)).toEqual({ status: 'Failed', confirmedMessages: 0 });
    const audit = await actions();
    expect(audit.filter((a) => a === 'remoteAlarm.notificationFailed')).toHaveLength(3);
    expect(audit).toContain('remoteAlarm.confirmed');
    await remote.stop();
  });

  it('without a confirmation in time the next recipient is due; a link past its time confirms nothing', async () => {
    const { remote, plan, advance } = await start();
    await remote.onAlarm(6, 1, 'Pumpe 1: Störung');
    await remote.escalation.settled();
    const token = tokenOf((await smtp.waitForMails(1))[0]?.text);
    await advance(CONFIRM_MS);
    expect(plan()).toMatchObject({ callNumberChangeCount: 1, delivery: null });
    expect((await actions()).at(-1)).toBe('remoteAlarm.notConfirmed');
    // The escalation went on to the SMS; the mail's link, once past its time, confirms nothing.
    await advance(PAUSE_MS);
    expect(plan().delivery?.channel).toBe('sms');
    t += 25 * 3_600_000;
    expect(await remote.confirm(token, 'link')).toMatchObject({ status: 'Failed', state: 'expired' });
    expect(plan().undeliveredMessages).toBe(1);
    await remote.stop();
  });

  it('a restart resumes the escalation: nothing confirmed is sent again, an interrupted delivery is', async () => {
    // The first server hangs while handing the mail over and goes away (a crash): the attempt is stored.
    const hanging: DeliveryChannel = { channel: 'email', send: () => new Promise(() => {}), close: () => {} };
    const first = await start(new Map([['email', hanging]]));
    await first.remote.onAlarm(6, 1, 'Pumpe 1: Störung');
    expect(first.plan().delivery).toMatchObject({ channel: 'email', phase: 'sending' });

    const second = await start();
    expect(second.plan()).toMatchObject({
      undeliveredMessages: 1,
      alertingCount: 1,
      delivery: { phase: 'sending' },
    });
    await second.advance(0);
    const [mail] = await smtp.waitForMails(1);
    expect(second.plan().delivery).toMatchObject({ phase: 'waiting', tries: 1 });
    await second.remote.stop();

    // Third start while waiting: the wait goes on, no mail again; the link from before still works.
    t += 10_000;
    const third = await start();
    await third.advance(10_000);
    expect(smtp.mails).toHaveLength(1);
    expect(await third.remote.confirm(tokenOf(mail?.text), 'link')).toMatchObject({
      status: 'Success',
      confirmedMessages: 1,
    });
    await third.remote.stop();

    const fourth = await start();
    await fourth.advance(2 * CONFIRM_MS);
    expect(fourth.plan()).toMatchObject({ undeliveredMessages: 0, deliveredMessages: 1, delivery: null });
    expect(smtp.mails).toHaveLength(1);
    await fourth.remote.stop();
  });
});
