export * from './password-change.js';
