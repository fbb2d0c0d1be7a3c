export * from './constants.js';
export * from './pv/pv-ref.js';
export * from './pv/pv-value.js';
export * from './pv/counter.js';
export * from './contract/index.js';
