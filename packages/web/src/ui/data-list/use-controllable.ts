import { useCallback, useState } from 'react';

/**
 * A value the parent may control: the prop when given (changes go to onChange), otherwise kept
 * here, starting at `initial`. Lets a screen control only what it needs (e.g. the sort).
 */
export function useControllable<T>(
  value: T | undefined,
  onChange: ((next: T) => void) | undefined,
  initial: () => T,
): [T, (next: T) => void] {
  const [own, setOwn] = useState<T>(initial);
  const controlled = value !== undefined;
  const set = useCallback(
    (next: T) => {
      if (!controlled) setOwn(next);
      onChange?.(next);
    },
    [controlled, onChange],
  );
  return [controlled ? value : own, set];
}
