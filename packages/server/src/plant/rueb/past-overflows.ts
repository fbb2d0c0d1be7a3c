import { pvKey, type RuebConfig } from '@leitwarte/core';
import type { SourceHistory } from '../../sources/data-source.js';
import { createSpillTracker, type ReadPv, type SpillFigures } from './spill-tracker.js';

/** An overflow of a told history; `end` null when the basin still spills at the history's end. */
export interface PastOverflow {
  basinId: string;
  figures: SpillFigures;
  end: number | null;
}

/**
 * The overflow events of a history told minute by minute (the simulator's run of the last days),
 * found by the same detection as live values, so the basin reports of a new demo plant hold the
 * spills its curves show.
 */
export function pastOverflows(configs: readonly RuebConfig[], history: SourceHistory): PastOverflow[] {
  const column = new Map(history.keys.map((key, i) => [key, history.columns[i]]));
  const found: PastOverflow[] = [];
  for (const basin of configs) {
    const tracker = createSpillTracker(basin);
    let minute = 0;
    const read: ReadPv = (ref) => {
      const v = ref ? column.get(pvKey(ref))?.[minute] : undefined;
      return v === undefined || Number.isNaN(v) ? null : v;
    };
    for (; minute < history.minutes; minute++) {
      const step = tracker.observe(history.from + minute * 60_000, read);
      if (step?.kind === 'closed') found.push({ basinId: basin.id, figures: step.figures, end: step.end });
    }
    minute = history.minutes - 1;
    const open = tracker.open(read);
    if (open) found.push({ basinId: basin.id, figures: open, end: null });
  }
  return found.sort((a, b) => a.figures.start - b.figures.start);
}
