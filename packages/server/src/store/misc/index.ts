export * from './text-messages-repository.js';
export * from './plant-history-repository.js';
export type * from './tables.js';
