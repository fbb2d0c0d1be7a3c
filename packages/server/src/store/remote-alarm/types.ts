import type { AlarmCallNumber, AlarmCategory, AlarmConnectionType, AlarmPvGroup } from '@leitwarte/core';

/** A message of a plan not yet delivered; `sent` once a call has carried it. */
export interface PendingMessage {
  priority: number;
  at: number;
  sent: boolean;
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
}

/** A call number to write; without id it is created. Already validated and normalised. */
export interface CallNumberWrite {
  id?: number;
  name: string;
  number: string;
  active: boolean;
  categoryId: number | null;
}

/** Everything the remote alarm starts with on an empty store. */
export interface RemoteAlarmSeed {
  categories: AlarmCategory[];
  pvGroups: AlarmPvGroup[];
  callNumbers: AlarmCallNumber[];
  lines: StoredLine[];
  plans: StoredPlan[];
}
