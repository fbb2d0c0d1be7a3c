import type { HistoryTables } from './historian/schema.js';
import type { Generated } from 'kysely';
import type { MaintenanceReportTables } from './maintenance/maintenance-tables.js';
import type { AlertTables } from './alerts/tables.js';
import type { VisualisationTables } from './charts/tables.js';
import type { RemoteAlarmTables } from './remote-alarm/tables.js';
import type { MiscPlantTables } from './misc/tables.js';
import type { RightsTables } from './rights/tables.js';

/** Tables of the store. Times are milliseconds since the epoch (integers). */
export interface Database
  extends
    AlertTables,
    VisualisationTables,
    RemoteAlarmTables,
    MiscPlantTables,
    MaintenanceReportTables,
    HistoryTables,
    RightsTables {
  meta: MetaTable;
  users: UsersTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  /** PostgreSQL only (migration 015): the lease of the process that owns the field. */
  field_owner: FieldOwnerTable;
}

export interface FieldOwnerTable {
  /** Always 1: one lease per installation. */
  id: number;
  /** Process id of the owner; null before the first election. */
  holder: string | null;
  /** Where the owner serves HTTP, for forwarding and for the operator. */
  address: string | null;
  /** Fencing token: grows with every change of owner. */
  token: number;
  /** Times by the database's clock, so the processes' clocks need not agree. */
  acquired_at: number;
  expires_at: number;
}

export interface MetaTable {
  key: string;
  value: string;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  display_name: string;
  password_hash: string;
  role: string;
  language: string;
  /** 0 or 1: SQLite has no boolean. */
  disabled: number;
  failed_logins: number;
  locked_until: number | null;
  created_at: number;
  updated_at: number;
  /** Base32 TOTP secret; set at enrolment, kept while the second factor is on. */
  totp_secret: Generated<string | null>;
  /** 0 or 1. */
  totp_enabled: Generated<number>;
  /** JSON array of SHA-256 hashes of the unused recovery codes. */
  recovery_codes: Generated<string>;
  /** The last TOTP time step accepted, so a code is usable once. */
  totp_last_step: Generated<number | null>;
  /** 'local' (password here) or 'domain' (password changed in the directory). */
  auth_source: Generated<string>;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's secret, so a copy of the store grants no session. */
  id_hash: string;
  user_id: number;
  csrf_token: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  ended_at: number | null;
  end_reason: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  user_id: number | null;
  username: string | null;
  action: string;
  object: string | null;
  old_value: string | null;
  new_value: string | null;
  detail: string | null;
  remote_address: string | null;
  /** Hash of the row before (audit/audit-chain.ts); the first row has 64 zeros. */
  prev_hash: string | null;
  /** SHA-256 of prev_hash and this row's canonical encoding. */
  hash: string | null;
}
