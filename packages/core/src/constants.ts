/** Subscribe batch for PVs, plans, lines and configs (calls §9). */
export const SUBSCRIBE_BATCH = 1024;
/**
 * Largest record a client may send on a live channel (ASP.NET Core SignalR's default, which the
 * server keeps): a batch of 1024 long references is larger, so clients cut batches by size too.
 */
export const HUB_MAX_MESSAGE_BYTES = 32 * 1024;
/** Subscribe batch for report data (calls §9). */
export const SUBSCRIBE_BATCH_REPORT_DATA = 400;
/** Auto logout after inactivity (screens §9). */
export const AUTO_LOGOUT_MS = 900_000;
/** Login lockout (screens §9). */
export const LOGIN_LOCKOUT_MS = 5 * 60_000;
/** Limit and runtime dialogs show their could-not-load message after this wait (screens §4, §9). */
export const DIALOG_LOAD_FAILURE_WAIT_MS = 2000;
/** Async wait timeout (calls §9). */
export const ASYNC_WAIT_TIMEOUT_MS = 5000;
/** Live channels of calls §7, in the order of the spec. */
export const LIVE_CHANNELS = [
  'alert',
  'pipeleakage',
  'pv',
  'reportdata',
  'station',
  'server-status',
  'dashboard',
  'visu-text-message',
  'energy-opt',
] as const;
export type LiveChannel = (typeof LIVE_CHANNELS)[number];
