export * from './archive.js';
export * from './auto-source.js';
export * from './csv.js';
export * from './m4.js';
export * from './periods.js';
export * from './rollup.js';
export * from './run-tiles.js';
