import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { AlarmCallNumber } from '@leitwarte/core';
import type { Store } from '../../store/index.js';
import {
  createConfirmationsRepository,
  type AttemptState,
  type ConfirmationRecord,
  type StoredPlan,
} from '../../store/remote-alarm/index.js';

const SECRET_KEY = 'remote_alarm_confirmation_secret';
/** SMS reply codes: six digits, easy to type on any phone. */
const REPLY_CODE_DIGITS = 6;

/** What a notification carries to be confirmed with. */
export interface IssuedConfirmation {
  token: string;
  replyCode: string;
  expiresAt: number;
  record: ConfirmationRecord;
}

/** A token's record and where it stands; `invalid` for anything not signed by us. */
export type LookedUp =
  { state: 'invalid' } | { state: 'open' | 'confirmed' | 'expired'; record: ConfirmationRecord };

/**
 * Confirmations of notifications: a token (the record's random id, its expiry and an HMAC-SHA256
 * of both under a secret kept in the store) for links, pushes and webhooks, and a six-digit code
 * for SMS replies. Each is redeemed once and expires; the store decides (a transaction marks it
 * used), so two clicks or two processes cannot both confirm.
 */
export function createConfirmations(deps: { store: Store; now: () => number; validMs: number }) {
  const repo = createConfirmationsRepository(deps.store.db);
  let secret: Buffer | null = null;
  const key = async () =>
    (secret ??= Buffer.from(
      await deps.store.meta.getOrInsert(SECRET_KEY, () => randomBytes(32).toString('base64url')),
      'base64url',
    ));
  const mac = async (body: string) =>
    createHmac('sha256', await key())
      .update(body)
      .digest('base64url');
  const sign = async (id: string, expiresAt: number) => {
    const body = `${id}.${expiresAt.toString(36)}`;
    return `${body}.${await mac(body)}`;
  };

  /** The record id and expiry of a token we signed; null for anything else. */
  async function verify(token: string): Promise<{ id: string; expiresAt: number } | null> {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [id = '', exp = '', signature = ''] = parts;
    const expected = Buffer.from(await mac(`${id}.${exp}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const expiresAt = parseInt(exp, 36);
    return Number.isSafeInteger(expiresAt) ? { id, expiresAt } : null;
  }

  async function freshReplyCode(): Promise<string> {
    for (;;) {
      const code = String(randomInt(10 ** (REPLY_CODE_DIGITS - 1), 10 ** REPLY_CODE_DIGITS));
      if ((await repo.openByReplyCode(code, deps.now())).length === 0) return code;
    }
  }

  return {
    /** The confirmation of an attempt: made on its first try, the same on retries. */
    async issue(
      plan: StoredPlan,
      attempt: AttemptState,
      recipient: AlarmCallNumber,
    ): Promise<IssuedConfirmation> {
      let record = await repo.byAttempt(attempt.id);
      if (!record) {
        const now = deps.now();
        const ids = new Set(attempt.messageIds);
        record = {
          id: randomBytes(16).toString('base64url'),
          station: plan.station,
          planNumber: plan.planNumber,
          attemptId: attempt.id,
          callNumberId: recipient.id,
          channel: recipient.channel,
          recipientName: recipient.name,
          address: recipient.number,
          replyCode: recipient.channel === 'sms' ? await freshReplyCode() : null,
          messages: plan.pending
            .filter((m) => ids.has(m.id))
            .map(({ id, priority, at, text }) => ({ id, priority, at, text })),
          createdAt: now,
          expiresAt: now + deps.validMs,
          usedAt: null,
          usedVia: null,
        };
        // The owner's write: a former owner of the field issues (and so sends) nothing.
        const fresh = record;
        await deps.store.fencedWrite(
          (db) => createConfirmationsRepository(db).insert(fresh),
          'a remote-alarm confirmation',
        );
      }
      return {
        token: await sign(record.id, record.expiresAt),
        replyCode: record.replyCode ?? '',
        expiresAt: record.expiresAt,
        record,
      };
    },
    async lookup(token: string): Promise<LookedUp> {
      const signed = await verify(token);
      const record = signed && (await repo.byId(signed.id));
      if (!record || record.expiresAt !== signed?.expiresAt) return { state: 'invalid' };
      if (record.usedAt !== null) return { state: 'confirmed', record };
      return { state: record.expiresAt <= deps.now() ? 'expired' : 'open', record };
    },
    /** Open confirmations with this SMS reply code. */
    byReplyCode: (code: string) => repo.openByReplyCode(code, deps.now()),
    redeem: repo.redeem,
    /** Drops confirmations a week after they expired (the audit keeps what happened). */
    prune: () => repo.deleteExpired(deps.now() - 7 * 86_400_000),
  };
}

export type Confirmations = ReturnType<typeof createConfirmations>;
