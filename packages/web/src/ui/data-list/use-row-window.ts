import { useCallback, useLayoutEffect, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

/** The rows to render: indexes first (inclusive) to end (exclusive). */
export interface RowWindow {
  first: number;
  end: number;
}

interface Options {
  count: number;
  rowHeight: number;
  /** Height of the sticky header above the rows (it covers the first rows' space when scrolled). */
  headerHeight: number;
  /** Rows rendered beyond each edge of the view. */
  overscan: number;
}

interface Viewport {
  top: number;
  height: number;
}

/** Rows of `rowHeight` px that `viewHeight` px can show at once, partly cut rows included. */
export function rowsPerView(viewHeight: number, rowHeight: number): number {
  return Math.max(0, Math.ceil(viewHeight / rowHeight)) + 1;
}

/**
 * Which rows of a list of fixed-height rows are in view, computed from the scroll offset alone:
 * no per-row positions, so a list of 100,000 rows costs the same as one of 100, and a change of
 * the row count costs nothing. The view is read on scroll and on resize; the list renders in the
 * same frame as the scroll (flushSync), so rows never show up a frame late.
 */
export function useRowWindow(scrollRef: RefObject<HTMLElement | null>, options: Options) {
  const { count, rowHeight, headerHeight, overscan } = options;
  const [viewport, setViewport] = useState<Viewport>({ top: 0, height: 0 });

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    // Only the row the view starts at and the rows it holds matter: scrolling within a row
    // renders nothing.
    const read = (sync: boolean) => {
      const next = {
        top: Math.floor(Math.max(0, element.scrollTop) / rowHeight),
        // The sticky header covers the rows under it.
        height: rowsPerView(element.clientHeight - headerHeight, rowHeight),
      };
      const update = () =>
        setViewport((now) => (now.top === next.top && now.height === next.height ? now : next));
      if (sync) flushSync(update);
      else update();
    };
    read(false);
    const onScroll = () => read(true);
    element.addEventListener('scroll', onScroll, { passive: true });
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(() => read(false)) : null;
    resize?.observe(element);
    return () => {
      element.removeEventListener('scroll', onScroll);
      resize?.disconnect();
    };
  }, [scrollRef, rowHeight, headerHeight]);

  const range: RowWindow = {
    first: Math.max(0, Math.min(viewport.top, count) - overscan),
    end: Math.min(count, viewport.top + viewport.height + overscan),
  };

  /** Scrolls the least that shows the row whole below the header (as a keyboard cursor does). */
  const scrollToIndex = useCallback(
    (index: number) => {
      const element = scrollRef.current;
      if (!element) return;
      const top = index * rowHeight;
      const visible = element.clientHeight - headerHeight;
      if (top < element.scrollTop) element.scrollTo({ top });
      else if (top + rowHeight > element.scrollTop + visible) {
        element.scrollTo({ top: top + rowHeight - visible });
      }
    },
    [scrollRef, rowHeight, headerHeight],
  );

  return { range, scrollToIndex };
}
