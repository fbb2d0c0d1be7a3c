import type { AttemptState, StoredPlan } from '../../store/remote-alarm/index.js';
import type { LiveLine } from './voice-lines.js';

/** How the escalation behaves; times in milliseconds. */
export interface SequenceTiming {
  /** Duration of a simulated voice call (dialling, message, waiting for the code), [min, max). */
  callMs: readonly [number, number];
  /** Pause before the next recipient of a plan. */
  pauseMs: number;
  /** Probability that the called recipient confirms a simulated voice call. */
  confirmProbability: number;
  /** Probability that a line fails when a voice call is set up. */
  lineFaultProbability: number;
  /** Time a faulty line needs to recover, [min, max). */
  lineRecoveryMs: readonly [number, number];
  /** How long a recipient of an e-mail, SMS, push or webhook has to confirm before the next is due. */
  confirmMs: number;
  /** Tries of one delivery through a channel before the next recipient is due. */
  retryTries: number;
  /** Wait before the first retry of a failed delivery; it doubles with each further one. */
  retryBackoffMs: number;
}

export const DEFAULT_SEQUENCE_TIMING: Readonly<SequenceTiming> = {
  callMs: [20_000, 45_000],
  pauseMs: 30_000,
  confirmProbability: 0.55,
  lineFaultProbability: 0.04,
  lineRecoveryMs: [60_000, 300_000],
  confirmMs: 5 * 60_000,
  retryTries: 3,
  retryBackoffMs: 10_000,
};

/** What happened in the escalation, for the audit and the event archive. */
export type EscalationEvent =
  | { kind: 'attempt' | 'sent' | 'unconfirmed'; plan: StoredPlan; attempt: AttemptState }
  | { kind: 'failed'; plan: StoredPlan; attempt: AttemptState; error: string }
  | { kind: 'confirmed'; plan: StoredPlan; attempt: AttemptState; via: string; messages: number }
  | { kind: 'ended'; plan: StoredPlan; statusText: string | null };

/** What a step changed, for persisting and announcing, and the deliveries to hand to channels. */
export interface SequenceChanges {
  plans: Set<StoredPlan>;
  lines: Set<LiveLine>;
  events: EscalationEvent[];
  /** Attempts whose next try is due now: the runner hands them to their channel. */
  sends: { plan: StoredPlan; attempt: AttemptState }[];
}

export const noChanges = (): SequenceChanges => ({
  plans: new Set(),
  lines: new Set(),
  events: [],
  sends: [],
});
