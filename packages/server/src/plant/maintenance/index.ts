export type { MaintenanceActor } from './actor.js';
export { MaintenanceInputError } from './errors.js';
export {
  createMaintenanceService,
  type MaintenanceService,
  type MaintenanceServiceDeps,
} from './maintenance-service.js';
export { createRuntimeService, type RuntimeService } from './runtime-service.js';
export { runtimeBindingsFromDefinition, type RuntimeBindings } from './runtime-bindings.js';
export type { ServiceMessage } from './service-message-monitor.js';
export { DOCUMENT_EXTENSIONS, type MachineRecords } from './machine-records.js';
export {
  loadMaintenanceContent,
  seedMaintenanceContent,
  MaintenanceContentSchema,
  type MaintenanceContent,
  type MaintenanceDocument,
} from './maintenance-content.js';
export { DEMO_CONTENT_DIR, PlantContentError } from '../content-file.js';
