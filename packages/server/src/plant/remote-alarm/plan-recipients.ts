import {
  ALARM_PLAN_MEMBER_SLOTS,
  planKey,
  type AlarmCallNumber,
  type PlanRecipientsEntry,
  type PlansReply,
} from '@leitwarte/core';
import type { StoredPlan } from '../../store/remote-alarm/index.js';
import { failed, resolvePlans } from './plan-refs.js';

/** Checked member slots to write, or the reply that refuses the request (nothing changes then). */
export type CheckedRecipients =
  | { ok: true; writes: { plan: StoredPlan; recipients: (number | null)[] }[] }
  | { ok: false; reply: PlansReply };

/**
 * Checks new member slots of plans: every plan known, named once and allowed; at most 20 slots;
 * every number known and in a plan at most once. The slots are filled up to 20 with empties.
 */
export function checkPlanRecipients(
  entries: readonly PlanRecipientsEntry[],
  byKey: ReadonlyMap<string, StoredPlan>,
  numbers: ReadonlyMap<number, AlarmCallNumber>,
  allowed: (ref: { station: number; planNumber: number }) => boolean,
): CheckedRecipients {
  const resolved = resolvePlans(entries, byKey, allowed);
  if (!resolved.ok) return { ok: false, reply: resolved.reply };
  const errors: string[] = [];
  const writes = entries.map((entry, i) => {
    const plan = resolved.plans[i] as StoredPlan;
    const at = `Plan ${planKey(entry)}`;
    if (entry.recipients.length > ALARM_PLAN_MEMBER_SLOTS)
      errors.push(`${at}: höchstens ${ALARM_PLAN_MEMBER_SLOTS} Positionen.`);
    const seen = new Set<number>();
    for (const id of entry.recipients) {
      if (id === null) continue;
      if (!numbers.has(id)) errors.push(`${at}: Rufnummer ${id} existiert nicht.`);
      if (seen.has(id)) errors.push(`${at}: Rufnummer ${id} steht mehrfach im Plan.`);
      seen.add(id);
    }
    const recipients = [...entry.recipients];
    while (recipients.length < ALARM_PLAN_MEMBER_SLOTS) recipients.push(null);
    return { plan, recipients };
  });
  return errors.length > 0 ? { ok: false, reply: failed(errors.join(' ')) } : { ok: true, writes };
}
