/** SQLite's "database is locked": another connection holds the write lock (a retry later succeeds). */
export const isBusy = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  String(error.code).startsWith('SQLITE_BUSY');
