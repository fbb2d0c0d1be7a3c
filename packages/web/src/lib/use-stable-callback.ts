import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function whose identity never changes and which calls the newest `callback`: memoised
 * children receive it without rendering again whenever their parent does. Not for use while
 * rendering (it would call the previous render's callback).
 */
export function useStableCallback<A extends unknown[], R>(callback: (...args: A) => R): (...args: A) => R {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
