import { preloadableScreen } from '../../lib/lazy-screen';

/** The image screen's chunk: loaded by its route, or ahead of it from the list. */
export const processImageScreen = preloadableScreen(
  () => import('./process-image-page'),
  (m) => m.ProcessImagePage,
);
