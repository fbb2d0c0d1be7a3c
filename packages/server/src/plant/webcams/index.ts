export {
  createWebcamService,
  type WebcamImageRef,
  type WebcamInfo,
  type WebcamService,
  type WebcamServiceDeps,
} from './webcam-service.js';
export {
  resolveWebcamsContent,
  WebcamsContentSchema,
  type WebcamDefinition,
  type WebcamsContent,
  type WebcamsSettings,
} from './webcams-content.js';
export { imageFileName, imagePath, parseImageFileName } from './webcam-files.js';
export { encodePng, pngSize } from './png.js';
export { renderSceneImage, SCENES, type SceneKind, type SceneState } from './scenes.js';
