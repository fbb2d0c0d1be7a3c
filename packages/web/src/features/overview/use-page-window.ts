import { useLayoutEffect, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

/** The blocks to render: indexes first (inclusive) to end (exclusive). */
export interface BlockWindow {
  first: number;
  end: number;
}

/** Top offsets of blocks of these heights with `gap` px between them; the last entry is the total. */
export function blockOffsets(heights: readonly number[], gap: number): number[] {
  const offsets = new Array<number>(heights.length + 1);
  let top = 0;
  for (let i = 0; i < heights.length; i++) {
    offsets[i] = top;
    top += (heights[i] ?? 0) + (i < heights.length - 1 ? gap : 0);
  }
  offsets[heights.length] = top;
  return offsets;
}

/** The blocks that overlap [from, to) (in px from the list's top), by binary search on their offsets. */
export function blocksIn(offsets: readonly number[], from: number, to: number): BlockWindow {
  const count = offsets.length - 1;
  // The last block starting at or above `from`.
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((offsets[mid + 1] ?? Infinity) <= from) lo = mid + 1;
    else hi = mid;
  }
  let end = lo;
  while (end < count && (offsets[end] ?? Infinity) < to) end++;
  return { first: lo, end };
}

/**
 * Which blocks of a tall list in the page's own scroll are in view (with `overscan` px around
 * it), from the window's scroll offset and the list's place on the page: blocks of known heights,
 * so a list of 1,000 stations needs no measuring. On scroll the list renders in the same frame
 * (flushSync), so blocks never appear a frame late.
 */
export function usePageWindow(
  listRef: RefObject<HTMLElement | null>,
  offsets: readonly number[],
  overscan: number,
): BlockWindow {
  const [range, setRange] = useState<BlockWindow>({ first: 0, end: 0 });

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const read = (sync: boolean) => {
      const top = list.getBoundingClientRect().top;
      const next = blocksIn(offsets, -top - overscan, -top + window.innerHeight + overscan);
      const update = () => setRange((now) => (now.first === next.first && now.end === next.end ? now : next));
      if (sync) flushSync(update);
      else update();
    };
    read(false);
    const onScroll = () => read(true);
    const onResize = () => read(false);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onResize);
    };
  }, [listRef, offsets, overscan]);

  return range;
}
