import { planKey, type AlarmCallNumber, type AlarmChannel } from '@leitwarte/core';
import { isFencedOut, type Store } from '../../store/index.js';
import type { AttemptState, StoredPlan } from '../../store/remote-alarm/index.js';
import type { Plant } from '../plant.js';
import {
  noChanges,
  type AlarmSequencer,
  type EscalationEvent,
  type SequenceChanges,
} from './alarm-sequence.js';
import type { Confirmations } from './confirmations.js';
import type { AlarmNotification, DeliveryChannel } from './delivery/index.js';

export interface EscalationRunnerDeps {
  store: Store;
  plant: Plant;
  now: () => number;
  serial: <T>(job: () => Promise<T>) => Promise<T>;
  sequencer: () => AlarmSequencer;
  /** The plan as it is now (the state may have been reloaded since a delivery began). */
  plan: (key: string) => StoredPlan | undefined;
  callNumbers: () => ReadonlyMap<number, AlarmCallNumber>;
  channels: ReadonlyMap<AlarmChannel, DeliveryChannel>;
  confirmations: Confirmations;
  /** Base address of this server for confirmation links. */
  publicUrl: string | null;
  /** Persists and announces changes (and dispatches their sends again through this runner). */
  commit: (changes: SequenceChanges) => Promise<void>;
  /** Advances the escalation to now. */
  tick: () => Promise<void>;
  tickMs: number;
}

const AUDIT_ACTIONS: Record<EscalationEvent['kind'], string> = {
  attempt: 'remoteAlarm.attempt',
  sent: 'remoteAlarm.notificationSent',
  failed: 'remoteAlarm.notificationFailed',
  unconfirmed: 'remoteAlarm.notConfirmed',
  confirmed: 'remoteAlarm.confirmed',
  ended: 'remoteAlarm.escalationEnded',
};

/**
 * Runs the escalation: advances it on a timer, hands due deliveries to their channels outside
 * the command queue (a slow mail server never holds up a click), feeds the answers back, and
 * writes every attempt, delivery, failure and confirmation to the audit (and so to the event
 * archive). Behind start()/stop(), so that with several server processes one owns it.
 */
export function createEscalationRunner(deps: EscalationRunnerDeps) {
  const running = new Set<Promise<void>>();
  let timer: ReturnType<typeof setInterval> | null = null;
  let stopping = false;

  const warn = (error: unknown) => {
    if (isFencedOut(error)) {
      // Another process owns the field: no further step of this escalation is tried here (the
      // field owner logged the loss once and stops the engines).
      stopping = true;
      return;
    }
    process.emitWarning(error instanceof Error ? error : new Error(String(error)), 'RemoteAlarmError');
  };

  const recipientOf = (id: number) => deps.callNumbers().get(id);

  async function notification(plan: StoredPlan, attempt: AttemptState): Promise<AlarmNotification> {
    const recipient = recipientOf(attempt.callNumberId);
    if (!recipient) throw new Error(`Rufnummer ${attempt.callNumberId} gibt es nicht mehr.`);
    const issued = await deps.confirmations.issue(plan, attempt, recipient);
    const base = deps.publicUrl ?? '';
    return {
      attemptId: attempt.id,
      plant: { name: deps.plant.info.name, timeZone: deps.plant.info.timeZone },
      plan: {
        station: plan.station,
        stationName: deps.plant.station(plan.station)?.name ?? `Station ${plan.station}`,
        planNumber: plan.planNumber,
        planname: plan.planname,
      },
      recipient: {
        id: recipient.id,
        name: recipient.name,
        channel: recipient.channel,
        address: recipient.number,
      },
      messages: issued.record.messages,
      confirmUrl: `${base}/remote-alarm/confirm?token=${issued.token}`,
      confirmApiUrl: `${base}/api/RemoteAlert/confirmation`,
      token: issued.token,
      replyCode: issued.replyCode,
      expiresAt: issued.expiresAt,
    };
  }

  /** One delivery: to its channel, and its outcome back into the escalation. */
  async function deliver(plan: StoredPlan, attempt: AttemptState): Promise<void> {
    let error: string | null = null;
    try {
      const channel = deps.channels.get(attempt.channel);
      if (!channel) throw new Error(`Kanal ${attempt.channel} ist nicht eingerichtet.`);
      await channel.send(await notification(plan, attempt));
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    await deps.serial(async () => {
      const current = deps.plan(planKey(plan));
      if (!current) return;
      const changes = noChanges();
      const sequencer = deps.sequencer();
      if (error === null) sequencer.sent(current, attempt.id, deps.now(), changes);
      else sequencer.failed(current, attempt.id, error, deps.now(), changes);
      await deps.commit(changes);
    });
  }

  return {
    /** Hands deliveries to their channels; returns at once (the answers come back later). */
    dispatch(sends: SequenceChanges['sends']): void {
      for (const { plan, attempt } of sends) {
        const job: Promise<void> = deliver(plan, attempt)
          .catch(warn)
          .finally(() => running.delete(job));
        running.add(job);
      }
    },
    /** Audit rows of what the escalation did (no user: the system acted, or a recipient). */
    async record(events: readonly EscalationEvent[]): Promise<void> {
      for (const event of events) {
        if (event.kind === 'ended' && event.statusText === null) continue;
        const attempt = 'attempt' in event ? event.attempt : null;
        const recipient = attempt ? recipientOf(attempt.callNumberId) : undefined;
        const who = attempt
          ? `${recipient?.name ?? `Rufnummer ${attempt.callNumberId}`} (${attempt.channel})`
          : null;
        await deps.store.audit.append({
          at: deps.now(),
          userId: null,
          username: null,
          action: AUDIT_ACTIONS[event.kind],
          object: `plan ${planKey(event.plan)} ${event.plan.planname}`,
          oldValue: null,
          newValue:
            event.kind === 'failed'
              ? `${who}: ${event.error}`
              : event.kind === 'confirmed'
                ? `${who}: ${event.messages}`
                : event.kind === 'ended'
                  ? event.statusText
                  : who,
          detail: attempt
            ? {
                attemptId: attempt.id,
                callNumberId: attempt.callNumberId,
                channel: attempt.channel,
                tries: attempt.tries,
                messages: attempt.messageIds.length,
                ...(event.kind === 'confirmed' ? { via: event.via, confirmed: event.messages } : {}),
              }
            : null,
        });
      }
    },
    start(): void {
      if (timer) return;
      stopping = false;
      timer = setInterval(() => {
        if (!stopping) void deps.tick().catch(warn);
      }, deps.tickMs);
      timer.unref();
    },
    /** Stops the timer and waits for deliveries under way (their outcome is stored). */
    async stop(): Promise<void> {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = null;
      await Promise.allSettled([...running]);
    },
    /** Resolves when the deliveries under way have been answered (for tests). */
    settled: () => Promise.allSettled([...running]).then(() => undefined),
  };
}

export type EscalationRunner = ReturnType<typeof createEscalationRunner>;
