export { SYSTEM_ACTOR, type Actor } from './actor.js';
export {
  createAlertService,
  type AlertEngineSettings,
  type AlertService,
  type AlertServiceDeps,
} from './alert-service.js';
export type { AlertSubscriptions } from './alert-events.js';
export {
  createLimitService,
  type LimitService,
  type LimitServiceDeps,
  type WriteOptions,
} from './limit-service.js';
export {
  createPriorityOutputService,
  type PriorityOutputService,
  type PriorityOutputServiceDeps,
} from './priority-output-service.js';
export {
  DEMO_ALERTS_PATH,
  LIMIT_DESCRIPTIONS,
  loadAlertContent,
  parseAlertContent,
  type AlertContent,
  type PvGroup,
} from './alert-content.js';
export { PlantContentError } from '../content-file.js';

export {
  connectExternalConditions,
  type ExternalConditionOptions,
  type ExternalConditionSources,
} from './external-conditions.js';
