export * from './remote-alarm-repository.js';
export type * from './tables.js';
export * from './confirmations-repository.js';
