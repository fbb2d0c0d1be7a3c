import {
  ALARM_PLAN_MEMBER_SLOTS,
  planKey,
  type AlarmCallNumber,
  type PlanRecipientsEntry,
  type PlansReply,
} from '@leitwarte/core';
import type { RemoteAlarmRepository, StoredPlan } from '../../store/remote-alarm/index.js';
import { failed, resolvePlans, succeeded } from './plan-refs.js';
import type { Actor } from './types.js';

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

/** Writing plans' positions: checked, stored in one transaction, audited old → new, announced. */
export function createPlanRecipientCommands(deps: {
  repo: RemoteAlarmRepository;
  byKey: () => ReadonlyMap<string, StoredPlan>;
  numbers: () => ReadonlyMap<number, AlarmCallNumber>;
  now: () => number;
  audit: (actor: Actor, plan: StoredPlan, oldValue: string, newValue: string) => Promise<void>;
  announce: (changed: StoredPlan[]) => void;
}) {
  const filled = (slots: readonly (number | null)[]) => JSON.stringify(slots.filter((r) => r !== null));
  return {
    /** Callers serialise the calls with the escalation's other commands. */
    async save(
      actor: Actor,
      entries: readonly PlanRecipientsEntry[],
      rights: { mayEdit: boolean; mayRead: (ref: { station: number; planNumber: number }) => boolean },
    ): Promise<PlansReply> {
      if (!rights.mayEdit)
        return { ...failed('Keine Rechte zum Bearbeiten der Rufnummern.'), status: 'Unauthorized' };
      const checked = checkPlanRecipients(entries, deps.byKey(), deps.numbers(), rights.mayRead);
      if (!checked.ok) return checked.reply;
      const changed = checked.writes.filter((w) => filled(w.plan.recipients) !== filled(w.recipients));
      await deps.repo.savePlanRecipients(
        changed.map((w) => ({
          station: w.plan.station,
          planNumber: w.plan.planNumber,
          recipients: w.recipients,
        })),
        deps.now(),
      );
      for (const { plan, recipients } of changed) {
        const old = filled(plan.recipients);
        plan.recipients = recipients;
        await deps.audit(actor, plan, old, filled(recipients));
      }
      if (changed.length > 0) deps.announce(changed.map((w) => w.plan));
      return succeeded();
    },
  };
}
