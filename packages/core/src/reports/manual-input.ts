/** States of a manual report input (screens §4: manual input can be enabled, disabled or removed). */
export const MANUAL_INPUT_STATES = ['Enabled', 'Disabled', 'Removed'] as const;
/** One of the manual input states. */
export type ManualInputState = (typeof MANUAL_INPUT_STATES)[number];

/** Manual report input item (calls §3): which PV, which row, what value, in what state. */
export interface ManualInputItemLike {
  index: number;
  value: number | null;
  state: ManualInputState;
  resetManualInput: boolean;
}

/**
 * Why a manual input is refused, or null: the row must exist; a value that is applied
 * (Enabled, not reset) must be a finite number.
 */
export function manualInputRefusal(item: ManualInputItemLike, rows: number): string | null {
  if (!Number.isInteger(item.index) || item.index < 0 || item.index >= rows) {
    return `Zeile ${item.index} gibt es in diesem Bericht nicht (0 bis ${rows - 1}).`;
  }
  if (item.resetManualInput || item.state === 'Removed') return null;
  if (item.value === null) return item.state === 'Enabled' ? 'Wert darf nicht leer sein.' : null;
  return Number.isFinite(item.value) ? null : 'Bitte geben Sie eine Zahl ein.';
}

/** Whether a stored manual input replaces the computed value: only when enabled and set. */
export function manualInputApplies(state: ManualInputState, value: number | null): value is number {
  return state === 'Enabled' && value !== null;
}
