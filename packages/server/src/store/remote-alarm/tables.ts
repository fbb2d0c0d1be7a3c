import type { Generated } from 'kysely';

/** Remote alarm tables (migration 003). Booleans are 0/1, lists are JSON text. */
export interface RemoteAlarmTables {
  remote_alarm_categories: RemoteAlarmCategoriesTable;
  remote_alarm_pv_groups: RemoteAlarmPvGroupsTable;
  remote_alarm_call_numbers: RemoteAlarmCallNumbersTable;
  remote_alarm_lines: RemoteAlarmLinesTable;
  remote_alarm_plans: RemoteAlarmPlansTable;
  remote_alarm_confirmations: RemoteAlarmConfirmationsTable;
}

export interface RemoteAlarmCategoriesTable {
  id: number;
  name: string;
}

export interface RemoteAlarmPvGroupsTable {
  id: number;
  station: number;
  name: string;
}

export interface RemoteAlarmCallNumbersTable {
  id: Generated<number>;
  name: string;
  number: string;
  active: number;
  category_id: number | null;
  /** voice, sms, email, push or webhook (migration 010). */
  channel: Generated<string>;
  updated_at: number;
}

/** Only the configuration of a line is stored; busy and faulty are live states of the field. */
export interface RemoteAlarmLinesTable {
  station: number;
  line_number: number;
  connection_type: string;
}

export interface RemoteAlarmPlansTable {
  station: number;
  plan_number: number;
  planname: string;
  groupname: string;
  pv_group_id: number | null;
  active: number;
  /** JSON boolean[10]. */
  active_priorities: string;
  /** JSON (number | null)[20]. */
  recipients: string;
  alerting_count: number;
  alerting_count_max: number;
  call_number_change_count: number;
  call_number_change_count_max: number;
  delivered_messages: number;
  /** JSON list of messages not yet delivered, so a restart keeps what awaits acknowledgement. */
  pending_messages: string;
  status_text: string | null;
  /** JSON escalation state (recipient, attempt, times) while the plan alerts; null when idle. */
  escalation: string | null;
  notifications_sent: Generated<number>;
  notifications_failed: Generated<number>;
  updated_at: number;
}

/** A confirmation a recipient can redeem once before it expires (link, push, webhook, SMS code). */
export interface RemoteAlarmConfirmationsTable {
  id: string;
  station: number;
  plan_number: number;
  attempt_id: string;
  call_number_id: number;
  channel: string;
  recipient_name: string;
  address: string;
  reply_code: string | null;
  /** JSON list of the messages the notification carried: id, priority, at, text. */
  messages: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  used_via: string | null;
}
