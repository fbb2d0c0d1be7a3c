export {
  createProcessImageService,
  type ProcessImageInfo,
  type ProcessImageService,
  type ProcessImageServiceDeps,
} from './process-image-service.js';
export { checkImage, IMAGE_ATTRIBUTES, type ImageProblem } from './image-check.js';
export { resolveImageReferences, type ImageReferenceLookup } from './image-references.js';
