export {
  createProcessImageService,
  type ProcessImageInfo,
  type ProcessImageService,
  type ProcessImageServiceDeps,
} from './process-image-service.js';
