export * from './limit-types.js';
export * from './limit-validation.js';
export * from './limit-monitor.js';
export * from './limit-contract.js';
