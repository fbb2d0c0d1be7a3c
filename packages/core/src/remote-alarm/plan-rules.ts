import { ALARM_PLAN_MEMBER_SLOTS, ALARM_PLAN_PRIORITY_FLAGS, PLAN_DEFAULT_TOGGLE } from './constants.js';

/** Key of a plan reference, "station/planNumber". */
export function planKey(ref: { station: number; planNumber: number }): string {
  return `${ref.station}/${ref.planNumber}`;
}

/**
 * The active state a plan action asks for: 0 off, 1 on, 2 the opposite of the current state
 * (screens §3 "Action payloads": plan entries, 2 means toggle).
 */
export function resolvePlanDefault(value: number, current: boolean): boolean {
  if (value === PLAN_DEFAULT_TOGGLE) return !current;
  if (value === 0 || value === 1) return value === 1;
  throw new RangeError(`plan default must be 0, 1 or 2, not ${value}`);
}

/** Ten priority flags (screens §9) from the list of active priorities 0 to 9. */
export function priorityFlags(active: readonly number[]): boolean[] {
  const flags = new Array<boolean>(ALARM_PLAN_PRIORITY_FLAGS).fill(false);
  for (const priority of active) {
    if (!Number.isInteger(priority) || priority < 0 || priority >= ALARM_PLAN_PRIORITY_FLAGS) {
      throw new RangeError(`priority ${priority} is outside 0 to ${ALARM_PLAN_PRIORITY_FLAGS - 1}`);
    }
    flags[priority] = true;
  }
  return flags;
}

/** Twenty member slots (screens §9) from the recipients in alerting order; the rest stay empty. */
export function memberSlots(recipients: readonly number[]): (number | null)[] {
  if (recipients.length > ALARM_PLAN_MEMBER_SLOTS) {
    throw new RangeError(
      `a plan has at most ${ALARM_PLAN_MEMBER_SLOTS} recipients, not ${recipients.length}`,
    );
  }
  const slots: (number | null)[] = [...recipients];
  while (slots.length < ALARM_PLAN_MEMBER_SLOTS) slots.push(null);
  return slots;
}

/** Whether a plan alerts for a priority. */
export function alertsForPriority(flags: readonly boolean[], priority: number): boolean {
  return flags[priority] === true;
}

/**
 * One more alerting step against its cap: the count goes up unless the cap is reached, in
 * which case it stays and `exceeded` says the step must not happen (screens §8 "alarm count or
 * call-number changes exceeded"). A cap of 0 means no step is allowed.
 */
export function countStep(count: number, max: number): { count: number; exceeded: boolean } {
  if (count >= max) return { count, exceeded: true };
  return { count: count + 1, exceeded: false };
}
