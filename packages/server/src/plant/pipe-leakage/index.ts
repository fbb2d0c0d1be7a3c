export {
  createPipeLeakageService,
  type PipeLeakageService,
  type PipeLeakageServiceDeps,
} from './pipe-leakage-service.js';
export {
  checkPipeLeakageContent,
  loadPipeLeakageContent,
  PipeLeakageContentSchema,
  type PipeLeakageContent,
} from './content.js';
