import { describe, expect, it } from 'vitest';
import {
  initialArchiveWindow,
  initialLiveWindow,
  liveWindowAt,
  searchWithView,
  viewFromSearch,
} from './chart-range';

const NOW = Date.UTC(2026, 2, 11, 10, 30); // a Wednesday
const HOUR = 3_600_000;

describe('chart ranges', () => {
  it('a live chart opens with its span up to the end of the current minute', () => {
    const end = Date.UTC(2026, 2, 11, 10, 31) - 1;
    expect(initialLiveWindow({ factor: 1, unit: 'Hour' }, NOW + 20_000, 'UTC')).toEqual({
      start: end - HOUR,
      end,
    });
    expect(liveWindowAt(HOUR, NOW)).toEqual({ start: end - HOUR, end });
    expect(liveWindowAt(HOUR, end + 1)).toEqual({ start: end + 60_000 - HOUR, end: end + 60_000 });
  });

  it('an archive chart opens with the config span (one day: today)', () => {
    expect(initialArchiveWindow({ factor: 1, unit: 'Day' }, new URLSearchParams(), NOW, 'UTC')).toEqual({
      start: Date.UTC(2026, 2, 11),
      end: Date.UTC(2026, 2, 12) - 1,
    });
  });

  it('start goes back from now, keeping the span but not reaching past now', () => {
    const search = new URLSearchParams('start=-P7D');
    expect(initialArchiveWindow({ factor: 1, unit: 'Day' }, search, NOW, 'UTC')).toEqual({
      start: NOW - 7 * 24 * HOUR,
      end: NOW - 7 * 24 * HOUR + 24 * HOUR - 1,
    });
    const short = new URLSearchParams('start=PT2H');
    expect(initialArchiveWindow({ factor: 1, unit: 'Day' }, short, NOW, 'UTC')).toEqual({
      start: NOW - 2 * HOUR,
      end: NOW,
    });
    const broken = new URLSearchParams('start=gestern');
    expect(initialArchiveWindow({ factor: 2, unit: 'Hour' }, broken, NOW, 'UTC')).toEqual({
      start: NOW - 2 * HOUR,
      end: NOW,
    });
  });

  it('from and to written after zoom win over everything and survive a reload', () => {
    const search = searchWithView(new URLSearchParams('start=-P7D'), { start: 1000.4, end: 5000 });
    expect(search.get('start')).toBe('-P7D');
    expect(viewFromSearch(search)).toEqual({ start: 1000, end: 5000 });
    expect(initialArchiveWindow({ factor: 1, unit: 'Day' }, search, NOW, 'UTC')).toEqual({
      start: 1000,
      end: 5000,
    });
    expect(viewFromSearch(new URLSearchParams('from=5000&to=1000'))).toBeNull();
    expect(viewFromSearch(new URLSearchParams('from=abc&to=1000'))).toBeNull();
  });
});
