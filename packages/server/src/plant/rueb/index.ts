export { createRuebService, createSebamService, type RuebService } from './rueb-service.js';
export { loadRuebContent, loadSebamContent, RuebContentSchema, SebamContentSchema } from './rueb-content.js';
