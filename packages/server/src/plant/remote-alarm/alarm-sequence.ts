import { randomUUID } from 'node:crypto';
import {
  REMOTE_ALARM_TEXT_KEYS as KEYS,
  alertsForPriority,
  countStep,
  type AlarmCallNumber,
  type AlarmChannel,
} from '@leitwarte/core';
import type { AttemptState, StoredLine, StoredPlan } from '../../store/remote-alarm/index.js';
import { noChanges, type SequenceChanges, type SequenceTiming } from './sequence-types.js';
import { createVoiceLines, type LiveLine } from './voice-lines.js';

export type { LiveLine } from './voice-lines.js';
export {
  DEFAULT_SEQUENCE_TIMING,
  noChanges,
  type EscalationEvent,
  type SequenceChanges,
  type SequenceTiming,
} from './sequence-types.js';

/**
 * The escalation of plans over time: an alarm queues a message, the plan alerts its reachable
 * recipients in slot order, pausing between them and repeating from the first, until a recipient
 * confirms or a cap is reached. Voice calls go over a free line of the station (simulated: a
 * call lasts a while and is confirmed or not); the other channels are handed to the runner, which
 * reports back sent or failed, and are confirmed by the recipient (link, push, webhook, SMS code).
 * All state lives on the plans, so a restart resumes where it stood. Deterministic for a given
 * clock and random source.
 */
export function createAlarmSequencer(options: {
  lines: readonly StoredLine[];
  random: () => number;
  timing: SequenceTiming;
  /** Current call numbers by id (inactive ones are skipped). */
  callNumbers: () => ReadonlyMap<number, AlarmCallNumber>;
  /** Whether a channel can deliver on this server (voice always; the others when set up). */
  channelReady: (channel: AlarmChannel) => boolean;
}) {
  const { random, timing } = options;
  const between = ([min, max]: readonly [number, number]) => min + (max - min) * random();
  const lines = createVoiceLines(options.lines);
  /** Attempts handed to a channel and not answered yet (never twice at once). */
  const inFlight = new Set<string>();

  const reachable = (plan: StoredPlan) => {
    const numbers = options.callNumbers();
    return plan.recipients.filter((id): id is number => {
      const n = id === null ? undefined : numbers.get(id);
      return n?.active === true && options.channelReady(n.channel);
    });
  };
  const releaseLine = (attempt: AttemptState | null, changes: SequenceChanges) => {
    const line = attempt?.line ? lines.find(attempt.line) : undefined;
    if (line?.busy) {
      line.busy = false;
      changes.lines.add(line);
    }
  };
  const endRun = (plan: StoredPlan, changes: SequenceChanges, statusText: string | null) => {
    const attempt = plan.escalation?.attempt ?? null;
    releaseLine(attempt, changes);
    if (attempt) inFlight.delete(attempt.id);
    plan.escalation = null;
    plan.statusText = statusText;
    changes.plans.add(plan);
    changes.events.push({ kind: 'ended', plan, statusText });
  };
  const resetCounters = (plan: StoredPlan) => {
    plan.alertingCount = 0;
    plan.callNumberChangeCount = 0;
    plan.notificationsSent = 0;
    plan.notificationsFailed = 0;
  };
  const begin = (plan: StoredPlan, at: number) => {
    resetCounters(plan);
    plan.statusText = KEYS.alerting;
    plan.escalation = { index: 0, nextAt: at, attempt: null };
  };
  const markSent = (plan: StoredPlan, attempt: AttemptState) => {
    const ids = new Set(attempt.messageIds);
    for (const m of plan.pending) if (ids.has(m.id)) m.sent = true;
  };

  /** The recipient did not confirm or could not be reached: the next number after a pause. */
  const moveOn = (plan: StoredPlan, now: number, changes: SequenceChanges) => {
    const run = plan.escalation;
    if (!run) return;
    releaseLine(run.attempt, changes);
    run.attempt = null;
    changes.plans.add(plan);
    const change = countStep(plan.callNumberChangeCount, plan.callNumberChangeCountMax);
    if (change.exceeded) return endRun(plan, changes, KEYS.callNumberChangeCountExceeded);
    plan.callNumberChangeCount = change.count;
    run.index += 1;
    run.nextAt = now + timing.pauseMs;
  };

  /** Starts the delivery to the next recipient, or gives up when a cap is reached. */
  const startAttempt = (plan: StoredPlan, now: number, changes: SequenceChanges) => {
    const run = plan.escalation;
    if (!run) return;
    const recipients = reachable(plan);
    if (recipients.length === 0) return endRun(plan, changes, KEYS.noRecipients);
    const callNumberId = recipients[run.index % recipients.length] as number;
    const channel = options.callNumbers().get(callNumberId)?.channel ?? 'voice';
    let line: LiveLine | undefined;
    if (channel === 'voice') {
      line = lines.free(plan.station);
      if (!line) {
        if (plan.statusText !== KEYS.noLineAvailable) changes.plans.add(plan);
        plan.statusText = KEYS.noLineAvailable;
        run.nextAt = now + timing.pauseMs;
        return;
      }
    }
    const count = countStep(plan.alertingCount, plan.alertingCountMax);
    if (count.exceeded) return endRun(plan, changes, KEYS.alertingCountExceeded);
    plan.alertingCount = count.count;
    plan.statusText = KEYS.alerting;
    changes.plans.add(plan);
    const attempt: AttemptState = {
      id: randomUUID(),
      callNumberId,
      channel,
      phase: 'sending',
      tries: 0,
      until: now,
      messageIds: plan.pending.map((m) => m.id),
      lastError: null,
      line: null,
    };
    run.attempt = attempt;
    changes.events.push({ kind: 'attempt', plan, attempt: { ...attempt } });
    if (!line) {
      changes.sends.push({ plan, attempt });
      inFlight.add(attempt.id);
      return;
    }
    changes.lines.add(line);
    attempt.tries = 1;
    if (random() < timing.lineFaultProbability) {
      // A voice attempt that reached a line counts even when the line fails; it is tried again.
      line.faulty = true;
      line.recoversAt = now + between(timing.lineRecoveryMs);
      run.attempt = null;
      run.nextAt = now + timing.pauseMs;
      plan.notificationsFailed += 1;
      changes.events.push({ kind: 'failed', plan, attempt: { ...attempt }, error: 'Leitung gestört' });
      return;
    }
    line.busy = true;
    attempt.line = { station: line.station, lineNumber: line.lineNumber };
    attempt.phase = 'waiting';
    attempt.until = now + between(timing.callMs);
    plan.notificationsSent += 1;
    markSent(plan, attempt);
    changes.events.push({ kind: 'sent', plan, attempt: { ...attempt } });
  };

  /** Delivers the messages a confirmed attempt carried; what is left is alerted afresh. */
  const confirmAttempt = (
    plan: StoredPlan,
    attempt: AttemptState,
    messageIds: readonly string[],
    via: string,
    now: number,
    changes: SequenceChanges,
  ): number => {
    const ids = new Set(messageIds);
    const before = plan.pending.length;
    plan.pending = plan.pending.filter((m) => !ids.has(m.id));
    const confirmed = before - plan.pending.length;
    plan.deliveredMessages += confirmed;
    changes.plans.add(plan);
    changes.events.push({ kind: 'confirmed', plan, attempt: { ...attempt }, via, messages: confirmed });
    const run = plan.escalation;
    if (!run) return confirmed;
    if (plan.pending.length === 0) {
      endRun(plan, changes, KEYS.delivered);
      return confirmed;
    }
    // The current delivery goes on while it still carries open messages; otherwise a fresh round.
    const current = run.attempt;
    const carries =
      current !== null && current.messageIds.some((id) => plan.pending.some((m) => m.id === id));
    if (!carries) {
      releaseLine(current, changes);
      if (current) inFlight.delete(current.id);
      begin(plan, now + timing.pauseMs);
    }
    return confirmed;
  };

  /** The wait of an attempt ended: a voice call ends (confirmed or not), other channels timed out. */
  const finishWait = (plan: StoredPlan, attempt: AttemptState, now: number, changes: SequenceChanges) => {
    if (attempt.channel === 'voice' && random() < timing.confirmProbability) {
      releaseLine(attempt, changes);
      const run = plan.escalation;
      if (run) run.attempt = null;
      confirmAttempt(plan, attempt, attempt.messageIds, 'voice', now, changes);
      return;
    }
    changes.events.push({ kind: 'unconfirmed', plan, attempt: { ...attempt } });
    moveOn(plan, now, changes);
  };

  const dueAt = (plan: StoredPlan): number => {
    const run = plan.escalation;
    if (!run) return Infinity;
    const attempt = run.attempt;
    if (!attempt) return run.nextAt;
    if (attempt.phase === 'sending' && inFlight.has(attempt.id)) return Infinity;
    return attempt.until;
  };

  return {
    lines: (): readonly LiveLine[] => lines.all(),
    isAlerting: (plan: StoredPlan) => plan.escalation !== null,
    /** The number a running plan alerts next (or is alerting); undefined when idle. */
    currentRecipient(plan: StoredPlan): number | undefined {
      const run = plan.escalation;
      if (!run) return undefined;
      if (run.attempt) return run.attempt.callNumberId;
      const recipients = reachable(plan);
      return recipients.length > 0 ? recipients[run.index % recipients.length] : undefined;
    },
    /** After a restart: voice calls that were running hold their lines until they end. */
    resume(plans: readonly StoredPlan[]): void {
      for (const plan of plans) {
        const attempt = plan.escalation?.attempt;
        const line = attempt?.line ? lines.find(attempt.line) : undefined;
        if (line && attempt?.phase === 'waiting') line.busy = true;
      }
    },
    /** An alert of a priority at the plan's station: queues a message if the plan alerts for it. */
    alarm(plan: StoredPlan, message: { priority: number; at: number; text: string }): boolean {
      if (!plan.active || !alertsForPriority(plan.activePriorities, message.priority)) return false;
      plan.pending.push({ id: randomUUID(), ...message, sent: false });
      // A new alert starts a fresh round even after a plan gave up: it must not stay silent.
      if (!plan.escalation) begin(plan, message.at);
      return true;
    },
    /** The channel took the delivery: wait for the confirmation. */
    sent(plan: StoredPlan, attemptId: string, now: number, changes: SequenceChanges): boolean {
      inFlight.delete(attemptId);
      const attempt = plan.escalation?.attempt;
      if (!attempt || attempt.id !== attemptId || attempt.phase !== 'sending') return false;
      attempt.tries += 1;
      attempt.phase = 'waiting';
      attempt.until = now + timing.confirmMs;
      attempt.lastError = null;
      plan.notificationsSent += 1;
      plan.statusText = KEYS.awaitingConfirmation;
      markSent(plan, attempt);
      changes.plans.add(plan);
      changes.events.push({ kind: 'sent', plan, attempt: { ...attempt } });
      return true;
    },
    /** The channel refused or failed: retried with backoff, then the next recipient is due. */
    failed(
      plan: StoredPlan,
      attemptId: string,
      error: string,
      now: number,
      changes: SequenceChanges,
    ): boolean {
      inFlight.delete(attemptId);
      const attempt = plan.escalation?.attempt;
      if (!attempt || attempt.id !== attemptId || attempt.phase !== 'sending') return false;
      attempt.tries += 1;
      attempt.lastError = error;
      plan.notificationsFailed += 1;
      changes.plans.add(plan);
      changes.events.push({ kind: 'failed', plan, attempt: { ...attempt }, error });
      if (attempt.tries >= timing.retryTries) {
        moveOn(plan, now, changes);
        return true;
      }
      attempt.until = now + timing.retryBackoffMs * 2 ** (attempt.tries - 1);
      plan.statusText = KEYS.deliveryRetry;
      return true;
    },
    /**
     * A recipient confirmed an attempt (link, push, webhook, SMS code): the messages it carried
     * that are still open are delivered. Returns how many; 0 when others confirmed them before.
     */
    confirm(
      plan: StoredPlan,
      attempt: AttemptState,
      via: string,
      now: number,
      changes: SequenceChanges,
    ): number {
      const current = plan.escalation?.attempt;
      if (current?.id === attempt.id) {
        inFlight.delete(attempt.id);
        releaseLine(current, changes);
        if (plan.escalation) plan.escalation.attempt = null;
      }
      return confirmAttempt(plan, attempt, attempt.messageIds, via, now, changes);
    },
    /** Drops acknowledged messages; what remains (unsent ones) is alerted afresh. */
    acknowledge(plan: StoredPlan, ackNonSent: boolean, now: number, changes: SequenceChanges): number {
      const before = plan.pending.length;
      plan.pending = ackNonSent ? [] : plan.pending.filter((m) => !m.sent);
      endRun(plan, changes, null);
      resetCounters(plan);
      if (plan.pending.length > 0 && plan.active) begin(plan, now);
      return before - plan.pending.length;
    },
    /** Stops a plan's alerting (plan switched off); its messages stay to be acknowledged. */
    halt(plan: StoredPlan, changes: SequenceChanges): void {
      if (plan.escalation) endRun(plan, changes, null);
    },
    /**
     * Advances every running plan and every faulty line to `now`, event by event in time order
     * (ties in plan order), so a late tick gives the same history as punctual ones.
     */
    step(plans: readonly StoredPlan[], now: number): SequenceChanges {
      const changes = noChanges();
      for (let guard = 0; guard < 100_000; guard++) {
        const line = lines.dueRecovery(now);
        let at = line?.recoversAt ?? Infinity;
        let plan: StoredPlan | null = null;
        for (const p of plans) {
          const due = dueAt(p);
          if (due <= now && due < at) [at, plan] = [due, p];
        }
        if (plan) {
          const attempt = plan.escalation?.attempt;
          if (!attempt) startAttempt(plan, at, changes);
          else if (attempt.phase === 'waiting') finishWait(plan, attempt, at, changes);
          else {
            // A try is due again (a retry, or one a restart interrupted): hand it to the channel.
            changes.sends.push({ plan, attempt });
            inFlight.add(attempt.id);
          }
        } else if (line) {
          lines.recover(line);
          changes.lines.add(line);
        } else {
          break;
        }
      }
      return changes;
    },
  };
}

export type AlarmSequencer = ReturnType<typeof createAlarmSequencer>;
