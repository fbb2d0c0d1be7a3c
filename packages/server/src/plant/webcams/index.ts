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
  type SceneWebcam,
  type SnapshotWebcam,
  type WebcamDefinition,
  type WebcamsContent,
  type WebcamsSettings,
} from './webcams-content.js';
export type { CameraStatus } from './snapshot-cameras.js';
export { fetchSnapshot, SnapshotError, type Snapshot, type SnapshotSource } from './snapshot-fetch.js';
export { imageFileName, imagePath, parseImageFileName } from './webcam-files.js';
export { decodeRgb, encodeFrame, imageInfo, type SceneText } from './frame-encoder.js';
export { renderSceneImage, SCENES, type SceneKind, type SceneState } from './scenes.js';
