import { randomUUID } from 'node:crypto';
import type {
  AlarmCallNumber,
  AlarmCategory,
  AlarmChannel,
  AlarmConnectionType,
  AlarmPvGroup,
} from '@leitwarte/core';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { StoreDialect } from '../dialect.js';
import type { Database } from '../schema.js';
import type { RemoteAlarmPlansTable } from './tables.js';
import type {
  CallNumberWrite,
  EscalationState,
  PendingMessage,
  RemoteAlarmSeed,
  StoredLine,
  StoredPlan,
} from './types.js';

export type * from './types.js';

export interface RemoteAlarmRepository {
  isEmpty(): Promise<boolean>;
  /** Fills an empty store in one transaction. */
  seed(seed: RemoteAlarmSeed, now: number): Promise<void>;
  categories(): Promise<AlarmCategory[]>;
  pvGroups(): Promise<AlarmPvGroup[]>;
  lines(): Promise<StoredLine[]>;
  plans(): Promise<StoredPlan[]>;
  /** Writes the mutable state of plans (active, counters, messages, escalation) in one transaction. */
  savePlans(plans: readonly StoredPlan[], now: number): Promise<void>;
  /** Writes the member slots of plans in one transaction. */
  savePlanRecipients(
    entries: readonly { station: number; planNumber: number; recipients: (number | null)[] }[],
    now: number,
  ): Promise<void>;
  callNumbers(): Promise<AlarmCallNumber[]>;
  /** Creates or updates call numbers in one transaction; returns them with their ids, in input order. */
  saveCallNumbers(writes: readonly CallNumberWrite[], now: number): Promise<AlarmCallNumber[]>;
  setCallNumberStates(states: readonly { id: number; active: boolean }[], now: number): Promise<void>;
}

function toPlan(row: Selectable<RemoteAlarmPlansTable>): StoredPlan {
  return {
    station: row.station,
    planNumber: row.plan_number,
    planname: row.planname,
    groupname: row.groupname,
    pvGroupId: row.pv_group_id,
    active: row.active === 1,
    activePriorities: JSON.parse(row.active_priorities) as boolean[],
    recipients: JSON.parse(row.recipients) as (number | null)[],
    alertingCount: row.alerting_count,
    alertingCountMax: row.alerting_count_max,
    callNumberChangeCount: row.call_number_change_count,
    callNumberChangeCountMax: row.call_number_change_count_max,
    deliveredMessages: row.delivered_messages,
    pending: (JSON.parse(row.pending_messages) as Partial<PendingMessage>[]).map(pendingMessage),
    statusText: row.status_text,
    escalation: row.escalation === null ? null : (JSON.parse(row.escalation) as EscalationState),
    notificationsSent: row.notifications_sent,
    notificationsFailed: row.notifications_failed,
  };
}

/** A stored message; those kept before messages had ids and texts get them now. */
function pendingMessage(m: Partial<PendingMessage>): PendingMessage {
  return {
    id: m.id ?? randomUUID(),
    priority: m.priority ?? 0,
    at: m.at ?? 0,
    sent: m.sent ?? false,
    text: m.text ?? '',
  };
}

function planState(plan: StoredPlan, now: number) {
  return {
    active: plan.active ? 1 : 0,
    alerting_count: plan.alertingCount,
    call_number_change_count: plan.callNumberChangeCount,
    delivered_messages: plan.deliveredMessages,
    pending_messages: JSON.stringify(plan.pending),
    status_text: plan.statusText,
    escalation: plan.escalation === null ? null : JSON.stringify(plan.escalation),
    notifications_sent: plan.notificationsSent,
    notifications_failed: plan.notificationsFailed,
    updated_at: now,
  };
}

const callNumberColumns = ['id', 'name', 'number', 'active', 'category_id', 'channel'] as const;
function toCallNumber(row: {
  id: number;
  name: string;
  number: string;
  active: number;
  category_id: number | null;
  channel: string;
}): AlarmCallNumber {
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    active: row.active === 1,
    categoryId: row.category_id,
    channel: row.channel as AlarmChannel,
  };
}

/** Writes the mutable state of plans inside a transaction the caller runs. */
export async function savePlansIn(
  trx: Kysely<Database>,
  plans: readonly StoredPlan[],
  now: number,
): Promise<void> {
  for (const plan of plans) {
    await trx
      .updateTable('remote_alarm_plans')
      .set(planState(plan, now))
      .where('station', '=', plan.station)
      .where('plan_number', '=', plan.planNumber)
      .execute();
  }
}

export function createRemoteAlarmRepository(
  db: Kysely<Database>,
  dialect: StoreDialect,
): RemoteAlarmRepository {
  return {
    async isEmpty() {
      const row = await db.selectFrom('remote_alarm_plans').select('station').limit(1).executeTakeFirst();
      const numbers = await db
        .selectFrom('remote_alarm_call_numbers')
        .select('id')
        .limit(1)
        .executeTakeFirst();
      return row === undefined && numbers === undefined;
    },
    async seed(seed, now) {
      await db.transaction().execute(async (trx) => {
        if (seed.categories.length > 0)
          await trx.insertInto('remote_alarm_categories').values(seed.categories).execute();
        if (seed.pvGroups.length > 0)
          await trx.insertInto('remote_alarm_pv_groups').values(seed.pvGroups).execute();
        for (const n of seed.callNumbers) {
          await trx
            .insertInto('remote_alarm_call_numbers')
            .values({
              id: n.id,
              name: n.name,
              number: n.number,
              active: n.active ? 1 : 0,
              category_id: n.categoryId,
              channel: n.channel,
              updated_at: now,
            })
            .execute();
        }
        if (dialect === 'postgres' && seed.callNumbers.length > 0) {
          // Explicit ids do not move the sequence; move it so numbers created later get fresh ids.
          await sql`select setval(pg_get_serial_sequence('remote_alarm_call_numbers', 'id'),
            (select max(id) from remote_alarm_call_numbers))`.execute(trx);
        }
        for (const l of seed.lines) {
          await trx
            .insertInto('remote_alarm_lines')
            .values({ station: l.station, line_number: l.lineNumber, connection_type: l.connectionType })
            .execute();
        }
        for (const p of seed.plans) {
          await trx
            .insertInto('remote_alarm_plans')
            .values({
              station: p.station,
              plan_number: p.planNumber,
              planname: p.planname,
              groupname: p.groupname,
              pv_group_id: p.pvGroupId,
              active_priorities: JSON.stringify(p.activePriorities),
              recipients: JSON.stringify(p.recipients),
              alerting_count_max: p.alertingCountMax,
              call_number_change_count_max: p.callNumberChangeCountMax,
              ...planState(p, now),
            })
            .execute();
        }
      });
    },
    categories: () => db.selectFrom('remote_alarm_categories').selectAll().orderBy('id').execute(),
    pvGroups: () =>
      db.selectFrom('remote_alarm_pv_groups').selectAll().orderBy('station').orderBy('id').execute(),
    async lines() {
      const rows = await db
        .selectFrom('remote_alarm_lines')
        .selectAll()
        .orderBy('station')
        .orderBy('line_number')
        .execute();
      return rows.map((r) => ({
        station: r.station,
        lineNumber: r.line_number,
        connectionType: r.connection_type as AlarmConnectionType,
      }));
    },
    async plans() {
      const rows = await db
        .selectFrom('remote_alarm_plans')
        .selectAll()
        .orderBy('station')
        .orderBy('plan_number')
        .execute();
      return rows.map(toPlan);
    },
    async savePlans(plans, now) {
      await db.transaction().execute((trx) => savePlansIn(trx, plans, now));
    },
    async savePlanRecipients(entries, now) {
      await db.transaction().execute(async (trx) => {
        for (const e of entries) {
          await trx
            .updateTable('remote_alarm_plans')
            .set({ recipients: JSON.stringify(e.recipients), updated_at: now })
            .where('station', '=', e.station)
            .where('plan_number', '=', e.planNumber)
            .execute();
        }
      });
    },
    async callNumbers() {
      const rows = await db
        .selectFrom('remote_alarm_call_numbers')
        .select(callNumberColumns)
        .orderBy('id')
        .execute();
      return rows.map(toCallNumber);
    },
    async saveCallNumbers(writes, now) {
      return db.transaction().execute(async (trx) => {
        const saved: AlarmCallNumber[] = [];
        for (const w of writes) {
          const values = {
            name: w.name,
            number: w.number,
            active: w.active ? 1 : 0,
            category_id: w.categoryId,
            channel: w.channel,
            updated_at: now,
          };
          const row =
            w.id === undefined
              ? await trx
                  .insertInto('remote_alarm_call_numbers')
                  .values(values)
                  .returning(callNumberColumns)
                  .executeTakeFirstOrThrow()
              : await trx
                  .updateTable('remote_alarm_call_numbers')
                  .set(values)
                  .where('id', '=', w.id)
                  .returning(callNumberColumns)
                  .executeTakeFirstOrThrow();
          saved.push(toCallNumber(row));
        }
        return saved;
      });
    },
    async setCallNumberStates(states, now) {
      await db.transaction().execute(async (trx) => {
        for (const s of states) {
          await trx
            .updateTable('remote_alarm_call_numbers')
            .set({ active: s.active ? 1 : 0, updated_at: now })
            .where('id', '=', s.id)
            .execute();
        }
      });
    },
  };
}
