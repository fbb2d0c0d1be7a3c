import type { Kysely } from 'kysely';
import type { StoreDialect } from '../dialect.js';

/**
 * Real delivery of the remote alarm: each call number's channel, the escalation state of each
 * plan (so a restart resumes it) with its delivery counters, and the confirmations that links,
 * pushes, webhooks and SMS reply codes redeem (single use, expiring).
 */
export function remoteAlarmDeliveryMigration(_dialect: StoreDialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('remote_alarm_call_numbers')
        .addColumn('channel', 'text', (c) => c.notNull().defaultTo('voice'))
        .execute();
      await db.schema.alterTable('remote_alarm_plans').addColumn('escalation', 'text').execute();
      await db.schema
        .alterTable('remote_alarm_plans')
        .addColumn('notifications_sent', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('remote_alarm_plans')
        .addColumn('notifications_failed', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('remote_alarm_confirmations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('station', 'integer', (c) => c.notNull())
        .addColumn('plan_number', 'integer', (c) => c.notNull())
        .addColumn('attempt_id', 'text', (c) => c.notNull())
        .addColumn('call_number_id', 'integer', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('recipient_name', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('reply_code', 'text')
        .addColumn('messages', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('used_via', 'text')
        .execute();
      await db.schema
        .createIndex('remote_alarm_confirmations_reply')
        .on('remote_alarm_confirmations')
        .columns(['reply_code', 'used_at'])
        .execute();
      await db.schema
        .createIndex('remote_alarm_confirmations_expiry')
        .on('remote_alarm_confirmations')
        .column('expires_at')
        .execute();
    },
  };
}
