export { createHistorian, DEFAULT_RETENTION, type HistorianDeps } from './historian.js';
export type * from './historian-types.js';
export {
  DEFAULT_BACKFILL_PLAN,
  backfillHistory,
  type BackfillPlan,
  type BackfillResult,
} from './backfill.js';
export { EXPORT_MAX_ROWS } from './queries.js';
