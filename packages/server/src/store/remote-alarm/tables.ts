import type { Generated } from 'kysely';

/** Remote alarm tables (migration 003). Booleans are 0/1, lists are JSON text. */
export interface RemoteAlarmTables {
  remote_alarm_categories: RemoteAlarmCategoriesTable;
  remote_alarm_pv_groups: RemoteAlarmPvGroupsTable;
  remote_alarm_call_numbers: RemoteAlarmCallNumbersTable;
  remote_alarm_lines: RemoteAlarmLinesTable;
  remote_alarm_plans: RemoteAlarmPlansTable;
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
  updated_at: number;
}
