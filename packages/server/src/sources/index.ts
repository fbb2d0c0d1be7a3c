export type { ConnectionState, DataSource, DialAction, FieldWrite, StationUpdate } from './data-source.js';
export * from './simulator/index.js';
export {
  generateMaintenanceDocument,
  generatePlantDefinition,
  generatePlantDocument,
  type GeneratorOptions,
} from './generator.js';
