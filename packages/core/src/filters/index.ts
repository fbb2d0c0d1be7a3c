export * from './filter-types.js';
export * from './filter-values.js';
export * from './filter-condition.js';
export * from './filter-engine.js';
export * from './filter-schema.js';
