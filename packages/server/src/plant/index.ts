import { fileURLToPath } from 'node:url';

export { createPlant, type CreatePlantOptions } from './create-plant.js';
export {
  loadPlantDefinition,
  parsePlantDefinition,
  PlantDefinitionError,
  PLANT_FORMAT,
  type PlantInfo,
  type PlantDocument,
} from './definition.js';
export type * from './definition-types.js';
export type { Plant, PlantValues } from './plant.js';

/**
 * The demo plant file. Resolved from this module: `src/plant/` under vitest and `dist/plant/`
 * at runtime both sit two levels below the package root that holds `plants/`.
 */
export const DEMO_PLANT_PATH = fileURLToPath(new URL('../../plants/demo/plant.json', import.meta.url));
