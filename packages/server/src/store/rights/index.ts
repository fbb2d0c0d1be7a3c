export { createRightsRepository, type RightsRepository } from './rights-repository.js';
export type { RightsTables } from './tables.js';
