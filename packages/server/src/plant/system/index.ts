export {
  createSystemConfigService,
  type SystemConfigReply,
  type SystemConfigService,
  type SystemConfigServiceDeps,
} from './system-config-service.js';
export {
  createControlEventService,
  SYSTEM_EVENT_KINDS,
  type ControlEventService,
  type ControlEventServiceDeps,
} from './control-event-service.js';
export { DEMO_SYSTEM_PATH, loadSystemDefaults, parseSystemDefaults } from './system-defaults.js';
