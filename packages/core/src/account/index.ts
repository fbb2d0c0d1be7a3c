export * from './password-change.js';
export * from './admin-users.js';
export * from './account-info.js';
export * from './second-factor.js';
