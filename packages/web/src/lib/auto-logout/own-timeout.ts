import { userNumberSetting } from '../user-setting';

// Per user in this browser, like the start dashboard: a desk in a shared control room may log out
// sooner than the plant's timeout; the server's timeout stays the longest any choice can give.
const ownTimeout = userNumberSetting('leitwarte.idleMinutes.');

/** Shorter auto-logout times a user may choose, in minutes; only those below the server's are offered. */
export const OWN_TIMEOUT_MINUTES = [1, 2, 5, 10, 15, 30, 60, 120, 240] as const;

/** Sets (or with null clears) the user's own auto-logout time in minutes. */
export const setOwnTimeout = (username: string, minutes: number | null): void =>
  ownTimeout.set(username, minutes);

/** The user's own auto-logout time in minutes; null when he keeps the server's. */
export const useOwnTimeout = (username: string | null): number | null => ownTimeout.use(username);

/** The idle time that applies: the user's own when shorter, never longer than the server's. */
export function effectiveIdleMs(serverMs: number, ownMinutes: number | null): number {
  return ownMinutes === null ? serverMs : Math.min(serverMs, ownMinutes * 60_000);
}

/** The choices shorter than the server's timeout. */
export function shorterChoices(serverMs: number): number[] {
  return OWN_TIMEOUT_MINUTES.filter((minutes) => minutes * 60_000 < serverMs);
}
