import type { AlarmPlanInfo, DialState } from '@leitwarte/core';
import type { PlanRef } from '../../live/station-alarm-hub';
import type { StationLiveState } from '../../live/station-state-store';

/** Dial state (or a local Connecting/Disconnecting) → the class the stylesheet colours. */
const DIAL_CLASSES: Readonly<Record<DialState | 'Connecting' | 'Disconnecting', string>> = {
  Connected: 'dial-connected',
  Busy: 'dial-busy',
  NotConnected: 'dial-not-connected',
  HangingUp: 'dial-hanging-up',
  TimeOut: 'dial-timeout',
  // Both error states read "Verbindungsfehler" (screens §4) and look alike.
  CommunicationError: 'dial-error',
  ConnectionError: 'dial-error',
  NotDefined: 'dial-unknown',
  Connecting: 'dial-connecting',
  Disconnecting: 'dial-disconnecting',
};
const ALL_DIAL = [...new Set(Object.values(DIAL_CLASSES))];
const PLAN_CLASSES = ['plan-active', 'plan-inactive'] as const;

/** The state a dial binding shows: a local dial action first, then the server's dial state. */
export function dialStateOf(state: StationLiveState | undefined): keyof typeof DIAL_CLASSES | null {
  return state?.localDial ?? state?.dialState ?? null;
}

/** `data-plan="9:2"` → the plan's reference, or null. */
export function planRefOf(text: string | null): PlanRef | null {
  const match = /^\s*(\d{1,9}):(\d{1,9})\s*$/.exec(text ?? '');
  if (!match) return null;
  return { station: Number(match[1]), planNumber: Number(match[2]) };
}

/** `data-station-dial="7"` → the station number, or null. */
export function stationOf(text: string | null): number | null {
  const match = /^\s*(\d{1,9})\s*$/.exec(text ?? '');
  return match ? Number(match[1]) : null;
}

export interface StationSources {
  station(nr: number): StationLiveState | undefined;
  plan(ref: PlanRef): AlarmPlanInfo | undefined;
  /** The dial state in the user's words (screens §4: Belegt, Verbunden, …). */
  dialText(state: keyof typeof DIAL_CLASSES): string;
}

/** The dial-state and plan-state elements of an image, and the writer of their current state. */
export interface StationBindings {
  stations: number[];
  plans: PlanRef[];
  /** Writes every element whose state changed (also after a language change: `force`). */
  write(force?: boolean): void;
}

/**
 * Binds `data-station-dial` (the station's dial state: its words as the text of a `<text>`, and a
 * `dial-*` class) and `data-plan` (a remote-alarm plan: `plan-active` or `plan-inactive`).
 */
export function bindStations(root: Element, sources: StationSources): StationBindings {
  const dials: { element: Element; nr: number; last: string | null }[] = [];
  const plans: { element: Element; ref: PlanRef; last: string | null }[] = [];
  for (const element of root.querySelectorAll('[data-station-dial]')) {
    const nr = stationOf(element.getAttribute('data-station-dial'));
    if (nr !== null) dials.push({ element, nr, last: null });
  }
  for (const element of root.querySelectorAll('[data-plan]')) {
    const ref = planRefOf(element.getAttribute('data-plan'));
    if (ref) plans.push({ element, ref, last: null });
  }
  const write = (force = false) => {
    for (const entry of dials) {
      const state = dialStateOf(sources.station(entry.nr));
      const text = state === null ? null : sources.dialText(state);
      const signature = `${state}|${text}`;
      if (!force && signature === entry.last) continue;
      entry.last = signature;
      const cls = state === null ? null : DIAL_CLASSES[state];
      for (const c of ALL_DIAL) entry.element.classList.toggle(c, c === cls);
      // Only a text element shows the words; a lamp shape shows the colour alone.
      if (text !== null && entry.element.localName === 'text' && entry.element.textContent !== text)
        entry.element.textContent = text;
    }
    for (const entry of plans) {
      const info = sources.plan(entry.ref);
      const cls = info === undefined ? null : info.active ? 'plan-active' : 'plan-inactive';
      if (!force && cls === entry.last) continue;
      entry.last = cls;
      for (const c of PLAN_CLASSES) entry.element.classList.toggle(c, c === cls);
    }
  };
  const unique = <T>(items: T[], key: (item: T) => string) => [
    ...new Map(items.map((item) => [key(item), item])).values(),
  ];
  return {
    stations: [...new Set(dials.map((d) => d.nr))],
    plans: unique(
      plans.map((p) => p.ref),
      (r) => `${r.station}/${r.planNumber}`,
    ),
    write,
  };
}
