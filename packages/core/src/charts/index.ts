export * from './chart-constants.js';
export * from './chart-schemas.js';
export * from './chart-defaults.js';
export * from './chart-validation.js';
export * from './annotation-rules.js';
export * from './input-issues.js';
export * from './palette.js';
