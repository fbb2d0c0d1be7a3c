export * from './runtime-scale.js';
export * from './service-messages.js';
export * from './runtime-input.js';
export * from './notifications.js';
export * from './schemas.js';
export * from './entry-input.js';
export * from './calls.js';
export * from './upload.js';
