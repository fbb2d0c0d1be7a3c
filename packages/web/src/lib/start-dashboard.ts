import { userNumberSetting } from './user-setting';

// Per user in this browser, like favorites: an operator's start page follows the desk, and the
// plant's default stays the answer for everyone who never chose.
const startDashboard = userNumberSetting('leitwarte.startDashboard.');

/** Sets (or with null clears) the user's start dashboard. */
export const setStartDashboard = (username: string, id: number | null): void =>
  startDashboard.set(username, id);

/** The dashboard `/` shows for this user, when the user picked one; null means the plant's default. */
export const useStartDashboard = (username: string | null): number | null => startDashboard.use(username);

/** Which dashboard to show: the one asked for, else the user's start dashboard if it still exists, else the default. */
export function chooseDashboard(
  requested: number | null,
  start: number | null,
  config: { defaultDashboardId: number | null; dashboards: readonly { id: number }[] },
): number | null {
  if (requested !== null) return requested;
  if (start !== null && config.dashboards.some((d) => d.id === start)) return start;
  return config.defaultDashboardId ?? config.dashboards[0]?.id ?? null;
}
