export { createEnergyService, type EnergyService, type EnergyServiceDeps } from './energy-service.js';
export { checkEnergyContent, EnergyContentSchema, loadEnergyContent, type EnergyContent } from './content.js';
