import type { PvRef, RuebConfig } from '@leitwarte/core';

/** Reads a basin PV as a number (a digital input as 0/1); null when unknown or Bad. */
export type ReadPv = (ref: PvRef | null) => number | null;

/** The figures of a spill so far. */
export interface SpillFigures {
  start: number;
  maxLevel: number;
  overflowVolume: number;
}

export type SpillStep =
  { kind: 'opened'; figures: SpillFigures } | { kind: 'closed'; figures: SpillFigures; end: number } | null;

interface Spill {
  start: number;
  maxLevel: number;
  /** Overflow counter at the start, or null when the volume is integrated from the flow. */
  counterAtStart: number | null;
  integrated: number;
  lastFlow: { at: number; litresPerSecond: number } | null;
}

export interface SpillTracker {
  /** Takes the basin's values at `at`; says when a spill opens or closes with them. */
  observe(at: number, read: ReadPv): SpillStep;
  /** Continues a spill that was open before (after a restart or a told history). */
  resume(open: SpillFigures, read: ReadPv): void;
  /** The open spill's figures, if one is open. */
  open(read: ReadPv): SpillFigures | null;
}

/**
 * One basin's overflow detection, the same for live values and for a history told minute by
 * minute: a spill starts when the overflow input becomes active (or, without one, the level
 * reaches the overflow threshold) and ends when it clears. Its volume is the advance of the
 * overflow counter, or else the integrated overflow flow (l/s → m³).
 */
export function createSpillTracker(basin: RuebConfig): SpillTracker {
  let spill: Spill | null = null;
  const spilling = (read: ReadPv) => {
    if (basin.overflowPv) return read(basin.overflowPv) === 1;
    const level = read(basin.levelPv);
    return level !== null && level >= basin.overflowThreshold;
  };
  const figures = (s: Spill, read: ReadPv): SpillFigures => {
    const counter = read(basin.overflowVolumePv);
    return {
      start: s.start,
      maxLevel: s.maxLevel,
      overflowVolume:
        s.counterAtStart !== null && counter !== null
          ? Math.max(0, counter - s.counterAtStart)
          : s.integrated,
    };
  };
  return {
    observe(at, read) {
      const level = read(basin.levelPv) ?? 0;
      if (!spill) {
        if (!spilling(read)) return null;
        spill = {
          start: at,
          maxLevel: level,
          counterAtStart: read(basin.overflowVolumePv),
          integrated: 0,
          lastFlow: null,
        };
        return { kind: 'opened', figures: figures(spill, read) };
      }
      spill.maxLevel = Math.max(spill.maxLevel, level);
      const flow = read(basin.overflowFlowPv);
      if (flow !== null) {
        if (spill.lastFlow)
          spill.integrated += (spill.lastFlow.litresPerSecond * (at - spill.lastFlow.at)) / 1e6;
        spill.lastFlow = { at, litresPerSecond: flow };
      }
      if (spilling(read)) return null;
      const closed = figures(spill, read);
      spill = null;
      return { kind: 'closed', figures: closed, end: at };
    },
    resume(open, read) {
      const counter = read(basin.overflowVolumePv);
      spill = {
        start: open.start,
        maxLevel: open.maxLevel,
        counterAtStart: counter === null ? null : counter - open.overflowVolume,
        integrated: open.overflowVolume,
        lastFlow: null,
      };
    },
    open: (read) => (spill ? figures(spill, read) : null),
  };
}
