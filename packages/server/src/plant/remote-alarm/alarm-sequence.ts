import {
  REMOTE_ALARM_TEXT_KEYS as KEYS,
  alertsForPriority,
  countStep,
  planKey,
  type AlarmCallNumber,
  type AlarmLineInfo,
} from '@leitwarte/core';
import type { StoredLine, StoredPlan } from '../../store/remote-alarm/index.js';

/** How the simulated alarm calls behave; times in milliseconds. */
export interface SequenceTiming {
  /** Duration of a call (dialling, message, waiting for the confirmation code), [min, max). */
  callMs: readonly [number, number];
  /** Pause before the next call of a plan. */
  pauseMs: number;
  /** Probability that the called recipient confirms the messages. */
  confirmProbability: number;
  /** Probability that a line fails when a call is set up. */
  lineFaultProbability: number;
  /** Time a faulty line needs to recover, [min, max). */
  lineRecoveryMs: readonly [number, number];
}

export const DEFAULT_SEQUENCE_TIMING: Readonly<SequenceTiming> = {
  callMs: [20_000, 45_000],
  pauseMs: 30_000,
  confirmProbability: 0.55,
  lineFaultProbability: 0.04,
  lineRecoveryMs: [60_000, 300_000],
};

/** A line with its live state. */
export interface LiveLine extends AlarmLineInfo {
  recoversAt: number | null;
}

interface Run {
  /** Position in the plan's reachable recipients. */
  index: number;
  call: { line: LiveLine; endsAt: number } | null;
  nextAt: number;
}

/** What a step changed, for persisting and announcing. */
export interface SequenceChanges {
  plans: Set<StoredPlan>;
  lines: Set<LiveLine>;
}

/**
 * The alerting of plans over simulated time: an alarm queues a message, the plan calls its
 * recipients in slot order over a free line of its station, a call is confirmed or not, and
 * counters and caps decide when it gives up. Deterministic for a given clock and random source.
 */
export function createAlarmSequencer(options: {
  lines: readonly StoredLine[];
  random: () => number;
  timing: SequenceTiming;
  /** Current call numbers by id (inactive ones are skipped). */
  callNumbers: () => ReadonlyMap<number, AlarmCallNumber>;
}) {
  const { random, timing } = options;
  const between = ([min, max]: readonly [number, number]) => min + (max - min) * random();
  const lines: LiveLine[] = options.lines.map((l) => ({
    ...l,
    busy: false,
    faulty: false,
    recoversAt: null,
  }));
  const runs = new Map<string, Run>();

  const reachable = (plan: StoredPlan) => {
    const numbers = options.callNumbers();
    return plan.recipients.filter((id): id is number => id !== null && numbers.get(id)?.active === true);
  };
  const resetCounters = (plan: StoredPlan) => {
    plan.alertingCount = 0;
    plan.callNumberChangeCount = 0;
  };
  const endRun = (plan: StoredPlan, changes: SequenceChanges, statusText: string | null) => {
    const run = runs.get(planKey(plan));
    if (run?.call) {
      run.call.line.busy = false;
      changes.lines.add(run.call.line);
    }
    runs.delete(planKey(plan));
    plan.statusText = statusText;
    changes.plans.add(plan);
  };
  const begin = (plan: StoredPlan, now: number) => {
    resetCounters(plan);
    plan.statusText = KEYS.alerting;
    runs.set(planKey(plan), { index: 0, call: null, nextAt: now });
  };

  /** Ends a call: confirmed delivers what it carried, else the next number is due. */
  const finishCall = (plan: StoredPlan, run: Run, now: number, changes: SequenceChanges) => {
    const line = run.call?.line;
    if (line) {
      line.busy = false;
      changes.lines.add(line);
    }
    run.call = null;
    changes.plans.add(plan);
    if (random() < timing.confirmProbability) {
      plan.deliveredMessages += plan.pending.filter((m) => m.sent).length;
      plan.pending = plan.pending.filter((m) => !m.sent);
      if (plan.pending.length === 0) return endRun(plan, changes, KEYS.delivered);
      begin(plan, now + timing.pauseMs);
      return;
    }
    const change = countStep(plan.callNumberChangeCount, plan.callNumberChangeCountMax);
    if (change.exceeded) return endRun(plan, changes, KEYS.callNumberChangeCountExceeded);
    plan.callNumberChangeCount = change.count;
    run.index += 1;
    run.nextAt = now + timing.pauseMs;
  };

  /** Starts the next call of a plan, or gives up when a cap is reached. */
  const startCall = (plan: StoredPlan, run: Run, now: number, changes: SequenceChanges) => {
    const recipients = reachable(plan);
    if (recipients.length === 0) return endRun(plan, changes, KEYS.noRecipients);
    const attempt = countStep(plan.alertingCount, plan.alertingCountMax);
    if (attempt.exceeded) return endRun(plan, changes, KEYS.alertingCountExceeded);
    const line = lines.find((l) => l.station === plan.station && !l.busy && !l.faulty);
    if (!line) {
      if (plan.statusText !== KEYS.noLineAvailable) changes.plans.add(plan);
      plan.statusText = KEYS.noLineAvailable;
      run.nextAt = now + timing.pauseMs;
      return;
    }
    plan.alertingCount = attempt.count;
    plan.statusText = KEYS.alerting;
    changes.plans.add(plan);
    changes.lines.add(line);
    if (random() < timing.lineFaultProbability) {
      line.faulty = true;
      line.recoversAt = now + between(timing.lineRecoveryMs);
      run.nextAt = now + timing.pauseMs;
      return;
    }
    line.busy = true;
    for (const message of plan.pending) message.sent = true;
    run.call = { line, endsAt: now + between(timing.callMs) };
  };

  return {
    lines: (): readonly LiveLine[] => lines,
    isAlerting: (plan: StoredPlan) => runs.has(planKey(plan)),
    /** The number a running plan calls next (or is calling); undefined when idle. */
    currentRecipient(plan: StoredPlan): number | undefined {
      const run = runs.get(planKey(plan));
      const recipients = reachable(plan);
      return run && recipients.length > 0 ? recipients[run.index % recipients.length] : undefined;
    },
    /** An alert of a priority at the plan's station: queues a message if the plan alerts for it. */
    alarm(plan: StoredPlan, priority: number, now: number): boolean {
      if (!plan.active || !alertsForPriority(plan.activePriorities, priority)) return false;
      plan.pending.push({ priority, at: now, sent: false });
      // A new alert starts a fresh round even after a plan gave up: it must not stay silent.
      if (!runs.has(planKey(plan))) begin(plan, now);
      return true;
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
      if (runs.has(planKey(plan))) endRun(plan, changes, null);
    },
    /**
     * Advances every running plan and every faulty line to `now`, event by event in time order
     * (ties in plan order), so a late tick gives the same history as punctual ones.
     */
    step(plans: readonly StoredPlan[], now: number): SequenceChanges {
      const changes: SequenceChanges = { plans: new Set(), lines: new Set() };
      for (let guard = 0; guard < 100_000; guard++) {
        let at = Infinity;
        let line: LiveLine | null = null;
        let plan: StoredPlan | null = null;
        for (const l of lines) {
          if (l.recoversAt !== null && l.recoversAt <= now && l.recoversAt < at)
            [at, line] = [l.recoversAt, l];
        }
        for (const p of plans) {
          const run = runs.get(planKey(p));
          const due = run ? (run.call ? run.call.endsAt : run.nextAt) : Infinity;
          if (due <= now && due < at) [at, plan, line] = [due, p, null];
        }
        if (line) {
          line.faulty = false;
          line.recoversAt = null;
          changes.lines.add(line);
        } else if (plan) {
          const run = runs.get(planKey(plan)) as Run;
          if (run.call) finishCall(plan, run, at, changes);
          else startCall(plan, run, at, changes);
        } else {
          break;
        }
      }
      return changes;
    },
  };
}

export type AlarmSequencer = ReturnType<typeof createAlarmSequencer>;
