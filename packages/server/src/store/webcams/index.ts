export {
  createWebcamImagesRepository,
  type WebcamImageRecord,
  type WebcamImagesRepository,
} from './webcam-images-repository.js';
export type { WebcamTables } from './tables.js';
