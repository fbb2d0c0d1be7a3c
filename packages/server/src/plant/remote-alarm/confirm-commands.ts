import {
  phoneToE164,
  planKey,
  type ConfirmationInfo,
  type ConfirmationReply,
  type SmsReplyReply,
} from '@leitwarte/core';
import { savePlansIn, type AttemptState, type StoredPlan } from '../../store/remote-alarm/index.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.js';
import type { Plant } from '../plant.js';
import { noChanges, type AlarmSequencer, type SequenceChanges } from './alarm-sequence.js';
import type { Confirmations } from './confirmations.js';
import type { ConfirmationRecord } from '../../store/remote-alarm/index.js';

export interface ConfirmCommandsDeps {
  plant: Plant;
  now: () => number;
  serial: <T>(job: () => Promise<T>) => Promise<T>;
  confirmations: Confirmations;
  sequencer: () => AlarmSequencer;
  plan: (key: string) => StoredPlan | undefined;
  /** Announces and audits what changed; the plan rows are already written with the confirmation. */
  announce: (changes: SequenceChanges) => Promise<void>;
  dialCountry: () => string;
  /** The store's fence check inside the redeeming transaction (several processes). */
  checkFence: (trx: Kysely<Database>, what: string) => Promise<void>;
}

/** Confirmations by recipients: the page behind a link, the link itself, and SMS reply codes. */
export function createConfirmCommands(deps: ConfirmCommandsDeps) {
  const empty = (state: ConfirmationInfo['state']): ConfirmationInfo => ({
    state,
    planname: '',
    stationName: '',
    recipientName: '',
    channel: null,
    messages: [],
    expiresAt: null,
    confirmedAt: null,
    timeZone: deps.plant.info.timeZone,
  });

  /** Redeems a confirmation and delivers its messages, in one transaction (inside the queue). */
  const redeem = (record: ConfirmationRecord, via: string) =>
    deps.serial(async (): Promise<number | null> => {
      const plan = deps.plan(planKey(record));
      if (!plan) return null;
      const changes = noChanges();
      const attempt: AttemptState = {
        id: record.attemptId,
        callNumberId: record.callNumberId,
        channel: record.channel,
        phase: 'waiting',
        tries: 0,
        until: 0,
        messageIds: record.messages.map((m) => m.id),
        lastError: null,
        line: null,
      };
      const snapshot = structuredClone(plan);
      const confirmed = deps.sequencer().confirm(plan, attempt, via, deps.now(), changes);
      const done = await deps.confirmations
        .redeem(record.id, deps.now(), via, async (trx) => {
          // The plan state comes from this process's memory: written only under the owner's token.
          await savePlansIn(trx, [...changes.plans], deps.now());
          await deps.checkFence(trx, 'the remote-alarm escalation state');
        })
        .catch((error: unknown) => {
          Object.assign(plan, snapshot);
          throw error;
        });
      if (!done) {
        // Taken meanwhile (another process, a second click): nothing of this counts.
        Object.assign(plan, snapshot);
        return null;
      }
      await deps.announce(changes);
      return confirmed;
    });

  return {
    async info(token: string): Promise<ConfirmationInfo> {
      const found = await deps.confirmations.lookup(token);
      if (found.state === 'invalid') return empty('invalid');
      const { record } = found;
      return {
        state: found.state,
        planname: deps.plan(planKey(record))?.planname ?? '',
        stationName: deps.plant.station(record.station)?.name ?? `Station ${record.station}`,
        recipientName: record.recipientName,
        channel: record.channel,
        messages: record.messages.map(({ priority, at, text }) => ({ priority, at, text })),
        expiresAt: record.expiresAt,
        confirmedAt: record.usedAt,
        timeZone: deps.plant.info.timeZone,
      };
    },
    async confirm(token: string, via: string): Promise<ConfirmationReply> {
      const found = await deps.confirmations.lookup(token);
      if (found.state !== 'open') return { status: 'Failed', state: found.state, confirmedMessages: 0 };
      const confirmed = await redeem(found.record, via);
      if (confirmed === null) {
        const again = await deps.confirmations.lookup(token);
        return { status: 'Failed', state: again.state, confirmedMessages: 0 };
      }
      return { status: 'Success', state: 'confirmed', confirmedMessages: confirmed };
    },
    /**
     * An SMS answer: the first six-digit group of its text is the code; it confirms only when
     * the answer comes from the number the code was sent to.
     */
    async smsReply(from: string, text: string): Promise<SmsReplyReply> {
      const code = /(?<!\d)(\d{6})(?!\d)/.exec(text)?.[1];
      const sender = phoneToE164(from, deps.dialCountry());
      if (!code || !sender) return { status: 'Failed', confirmedMessages: 0 };
      const records = await deps.confirmations.byReplyCode(code);
      const record = records.find((r) => phoneToE164(r.address, deps.dialCountry()) === sender);
      if (!record) return { status: 'Failed', confirmedMessages: 0 };
      const confirmed = await redeem(record, 'sms');
      return confirmed === null
        ? { status: 'Failed', confirmedMessages: 0 }
        : { status: 'Success', confirmedMessages: confirmed };
    },
  };
}
