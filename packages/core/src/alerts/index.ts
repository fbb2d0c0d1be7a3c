export * from './alert-state.js';
export * from './bindings.js';
export * from './priority-color.js';
export * from './alert-contract.js';
export * from './system-contract.js';
export * from './alert-requests.js';
export * from './control-event-kinds.js';
