import { ALERT_BINDING_KINDS, isAcknowledgedState, type PendingAlertState } from '@leitwarte/core';

/** Classes of an alert binding: open and unacknowledged (blinks), or open and acknowledged. */
const CLASSES = ['alert-unacknowledged', 'alert-acknowledged'] as const;

/** `data-alert="device:DigiIn-100021"` → the binding's key in the pending states (`kind/key`). */
export function alertBindingKey(text: string | null): string | null {
  const match = /^([a-zA-Z]+):(\S+)$/.exec(text?.trim() ?? '');
  if (!match || !(ALERT_BINDING_KINDS as readonly string[]).includes(match[1] ?? '')) return null;
  return `${match[1]}/${match[2]}`;
}

/** The classes a binding shows for its state (screens §4: ack state 2 maps to true). */
export function alertClasses(state: PendingAlertState | undefined): string[] {
  if (!state || state.ackState === 0) return [];
  return [isAcknowledgedState(state.ackState) ? 'alert-acknowledged' : 'alert-unacknowledged'];
}

/**
 * Binds the image's alert elements (device, station connection, station line connection, pipe
 * leakage, alert link) to the pending states; returns the function that writes them, for the
 * store's change notice.
 */
export function bindAlerts(root: Element, state: (key: string) => PendingAlertState | undefined): () => void {
  const elements: { element: Element; key: string; last: string }[] = [];
  for (const element of root.querySelectorAll('[data-alert]')) {
    const key = alertBindingKey(element.getAttribute('data-alert'));
    if (key) elements.push({ element, key, last: '' });
  }
  return () => {
    for (const entry of elements) {
      const next = alertClasses(state(entry.key));
      const text = next.join(' ');
      if (text === entry.last) continue;
      entry.last = text;
      for (const c of CLASSES) entry.element.classList.toggle(c, next.includes(c));
    }
  };
}

/** Whether the image has alert bindings at all (only then the pending states are watched). */
export const hasAlertBindings = (root: Element) => root.querySelector('[data-alert]') !== null;
