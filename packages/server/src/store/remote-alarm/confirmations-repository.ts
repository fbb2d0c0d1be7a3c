import type { AlarmChannel } from '@leitwarte/core';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../schema.js';
import type { RemoteAlarmConfirmationsTable } from './tables.js';

/** A message as a notification carried it, kept with its confirmation for the recipient's page. */
export interface ConfirmationMessage {
  id: string;
  priority: number;
  at: number;
  text: string;
}

/** A confirmation a recipient can redeem once before it expires. */
export interface ConfirmationRecord {
  id: string;
  station: number;
  planNumber: number;
  attemptId: string;
  callNumberId: number;
  channel: AlarmChannel;
  recipientName: string;
  address: string;
  replyCode: string | null;
  messages: ConfirmationMessage[];
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
  usedVia: string | null;
}

export interface ConfirmationsRepository {
  insert(record: Omit<ConfirmationRecord, 'usedAt' | 'usedVia'>): Promise<void>;
  byId(id: string): Promise<ConfirmationRecord | undefined>;
  byAttempt(attemptId: string): Promise<ConfirmationRecord | undefined>;
  /** Unused, unexpired confirmations with this SMS reply code. */
  openByReplyCode(code: string, now: number): Promise<ConfirmationRecord[]>;
  /**
   * Marks a confirmation used (only if unused and unexpired) and runs `alongside` in the same
   * transaction, so the plan state it changes is written with it or not at all.
   * False when it was used or expired already (nothing is written then).
   */
  redeem(
    id: string,
    now: number,
    via: string,
    alongside: (trx: Kysely<Database>) => Promise<void>,
  ): Promise<boolean>;
  /** Deletes confirmations that expired before `before`; returns how many. */
  deleteExpired(before: number): Promise<number>;
}

function fromRow(r: Selectable<RemoteAlarmConfirmationsTable>): ConfirmationRecord {
  return {
    id: r.id,
    station: r.station,
    planNumber: r.plan_number,
    attemptId: r.attempt_id,
    callNumberId: r.call_number_id,
    channel: r.channel as AlarmChannel,
    recipientName: r.recipient_name,
    address: r.address,
    replyCode: r.reply_code,
    messages: JSON.parse(r.messages) as ConfirmationMessage[],
    createdAt: Number(r.created_at),
    expiresAt: Number(r.expires_at),
    usedAt: r.used_at === null ? null : Number(r.used_at),
    usedVia: r.used_via,
  };
}

/** Thrown inside redeem's transaction to roll it back when the confirmation was taken. */
class AlreadyRedeemed extends Error {}

export function createConfirmationsRepository(db: Kysely<Database>): ConfirmationsRepository {
  const rows = () => db.selectFrom('remote_alarm_confirmations').selectAll();
  return {
    async insert(r) {
      await db
        .insertInto('remote_alarm_confirmations')
        .values({
          id: r.id,
          station: r.station,
          plan_number: r.planNumber,
          attempt_id: r.attemptId,
          call_number_id: r.callNumberId,
          channel: r.channel,
          recipient_name: r.recipientName,
          address: r.address,
          reply_code: r.replyCode,
          messages: JSON.stringify(r.messages),
          created_at: r.createdAt,
          expires_at: r.expiresAt,
        })
        .execute();
    },
    async byId(id) {
      const row = await rows().where('id', '=', id).executeTakeFirst();
      return row && fromRow(row);
    },
    async byAttempt(attemptId) {
      const row = await rows().where('attempt_id', '=', attemptId).executeTakeFirst();
      return row && fromRow(row);
    },
    async openByReplyCode(code, now) {
      const list = await rows()
        .where('reply_code', '=', code)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .execute();
      return list.map(fromRow);
    },
    async redeem(id, now, via, alongside) {
      try {
        await db.transaction().execute(async (trx) => {
          const result = await trx
            .updateTable('remote_alarm_confirmations')
            .set({ used_at: now, used_via: via })
            .where('id', '=', id)
            .where('used_at', 'is', null)
            .where('expires_at', '>', now)
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) !== 1) throw new AlreadyRedeemed();
          await alongside(trx);
        });
        return true;
      } catch (error) {
        if (error instanceof AlreadyRedeemed) return false;
        throw error;
      }
    },
    async deleteExpired(before) {
      const result = await db
        .deleteFrom('remote_alarm_confirmations')
        .where('expires_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
