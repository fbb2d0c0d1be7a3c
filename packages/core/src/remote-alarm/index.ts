export * from './constants.js';
export * from './contract.js';
export * from './contract-misc.js';
export * from './plan-rules.js';
export * from './call-number.js';
export * from './pipe-leakage.js';
export * from './energy.js';
