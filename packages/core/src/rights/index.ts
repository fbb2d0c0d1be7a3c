export * from './rights.js';
export * from './roles.js';
