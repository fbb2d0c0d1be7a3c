export * from './dashboard-constants.js';
export * from './dashboard-schemas.js';
export * from './dashboard-rules.js';
export * from './dashboard-replies.js';
export * from './weather.js';
export * from './map-tiles.js';
