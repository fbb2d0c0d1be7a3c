export type { StoreDialect } from './dialect.js';
export { openStore, type Fence, type Store, type StoreOptions } from './store.js';
export { FencedOut, isFencedOut } from './fencing.js';
export type { UserRow } from './users-repository.js';
export type { SessionRow } from './sessions-repository.js';
export { createAuditRepository, type AuditEntry, type AuditRow } from './audit/audit-repository.js';
