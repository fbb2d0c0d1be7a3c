import type {
  AlarmCallNumber,
  AlarmCategory,
  AlarmChannel,
  AlarmConnectionType,
  AlarmPvGroup,
} from '@leitwarte/core';

/** A message of a plan not yet delivered; `sent` once a notification has carried it. */
export interface PendingMessage {
  /** Names the message in confirmations, so a confirmed one is never alerted again. */
  id: string;
  priority: number;
  at: number;
  sent: boolean;
  /** What happened (the alert's description and message). */
  text: string;
}

/** One delivery to one recipient: handed to its channel (with retries), then awaiting confirmation. */
export interface AttemptState {
  id: string;
  callNumberId: number;
  channel: AlarmChannel;
  phase: 'sending' | 'waiting';
  /** Tries so far; a failed try is retried with backoff up to the configured tries. */
  tries: number;
  /** sending: when the next try is due; waiting: when the wait for the confirmation ends. */
  until: number;
  /** The messages this delivery carries. */
  messageIds: string[];
  lastError: string | null;
  /** A voice call: the alarm line that carries it. */
  line: { station: number; lineNumber: number } | null;
}

/** Where a plan's escalation stands; stored with the plan so a restart resumes it. */
export interface EscalationState {
  /** Position in the plan's reachable recipients of the current or next delivery. */
  index: number;
  /** When the next delivery is due (while no attempt runs). */
  nextAt: number;
  attempt: AttemptState | null;
}

/** An alarm line's configuration. */
export interface StoredLine {
  station: number;
  lineNumber: number;
  connectionType: AlarmConnectionType;
}

/** An alarm plan as stored: configuration plus its alerting state. */
export interface StoredPlan {
  station: number;
  planNumber: number;
  planname: string;
  groupname: string;
  pvGroupId: number | null;
  active: boolean;
  activePriorities: boolean[];
  recipients: (number | null)[];
  alertingCount: number;
  alertingCountMax: number;
  callNumberChangeCount: number;
  callNumberChangeCountMax: number;
  deliveredMessages: number;
  pending: PendingMessage[];
  statusText: string | null;
  escalation: EscalationState | null;
  notificationsSent: number;
  notificationsFailed: number;
}

/** A call number to write; without id it is created. Already validated and normalised. */
export interface CallNumberWrite {
  id?: number;
  name: string;
  number: string;
  active: boolean;
  categoryId: number | null;
  channel: AlarmChannel;
}

/** Everything the remote alarm starts with on an empty store. */
export interface RemoteAlarmSeed {
  categories: AlarmCategory[];
  pvGroups: AlarmPvGroup[];
  callNumbers: AlarmCallNumber[];
  lines: StoredLine[];
  plans: StoredPlan[];
}
