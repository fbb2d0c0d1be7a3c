export * from './common.js';
export * from './pv.js';
export * from './station.js';
export * from './user.js';
export * from './plain-constants.js';
export * from './charts-data.js';
export * from './plant-info.js';
export * from './chart-columns.js';
