import { createElement, lazy, type ComponentType } from 'react';
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

/**
 * A screen in its own chunk that can be loaded ahead (`preload`, e.g. when the pointer reaches a
 * link to it). Once loaded it renders at once: a lazy component that suspends, even on a chunk
 * already there, shows its fallback and is then held back by React's reveal throttling.
 */
export function preloadableScreen<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): { Screen: ComponentType<P>; preload: () => Promise<void> } {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = () => {
    pending ??= Promise.all([load(), ensureDeferredCatalogues()]).then(
      ([module]) => {
        loaded = pick(module);
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => preload().then(() => ({ default: loaded as ComponentType<P> })));
  function Screen(props: P) {
    const Loaded = loaded;
    return Loaded ? createElement(Loaded, props) : createElement(Lazy, props);
  }
  return { Screen, preload };
}
