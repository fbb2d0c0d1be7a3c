export * from './zoned-time.js';
export * from './report-dates.js';
export * from './report-values.js';
export * from './manual-input.js';
export * from './schemas.js';
export * from './report-footer.js';
export * from './export-schemas.js';
export * from './overflow-totals.js';
