import { lazy, type ComponentType } from 'react';
import { ensureDeferredCatalogues } from '../i18n/i18n';

/**
 * A screen in its own chunk that renders once its texts are there too: the German texts of
 * screens loaded on demand are not in the entry bundle (i18n.ts), so they come with the code.
 */
export function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(() =>
    Promise.all([load(), ensureDeferredCatalogues()]).then(([module]) => ({ default: pick(module) })),
  );
}
