import { SimpleGrid } from '@mantine/core';
import { useMemo, useRef, type CSSProperties } from 'react';
import { usePvSubscription } from '../../lib/use-pv-subscription';
import type { StationGroup } from './group-pvs';
import { StationCard } from './station-card';
import { blockOffsets, usePageWindow } from './use-page-window';

/**
 * Up to this many PVs every station card is in the page (the browser's own find sees every
 * value); above it only the cards in and near the view are, and only their PVs are subscribed, so
 * a plant of 100,000 PVs opens and stays live at the cost of the few hundred rows on screen.
 */
export const ALL_CARDS_MAX_PVS = 2000;

// The fixed heights of a card in the windowed list (see .station-card--fixed in overview.css).
const CARD_CHROME = 2 + 2 * 16; // border and padding (Paper p="md")
const CARD_HEAD = 52;
const CARD_GAP_INSIDE = 12; // Stack gap="sm"
const ROW = 34;
// The table's scroll container keeps room for its sideways scroll bar (Mantine's scrollbarSize).
const TABLE_SCROLLBAR = 12;
const EMPTY_LINE = 22;
const CARD_GAP = 16;
/** Cards rendered beyond the view, in px: a wheel step or two. */
const OVERSCAN_PX = 600;

/** The height of a fixed card: header, table head and one line per PV. */
export function fixedCardHeight(pvCount: number): number {
  const body = pvCount === 0 ? EMPTY_LINE : ROW * (pvCount + 1) + TABLE_SCROLLBAR;
  return CARD_CHROME + CARD_HEAD + CARD_GAP_INSIDE + body;
}

/** Every PV of every station, as station cards: all of them for a small plant, windowed for a big one. */
export function AllValuesList({ groups }: { groups: readonly StationGroup[] }) {
  const pvCount = useMemo(() => groups.reduce((sum, g) => sum + g.pvs.length, 0), [groups]);
  if (pvCount <= ALL_CARDS_MAX_PVS) return <AllCards groups={groups} />;
  return <WindowedCards groups={groups} />;
}

function AllCards({ groups }: { groups: readonly StationGroup[] }) {
  const refs = useMemo(() => groups.flatMap((g) => g.pvs.map((pv) => pv.pvRef)), [groups]);
  usePvSubscription(refs);
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      {groups.map((group) => (
        <StationCard key={group.key} group={group} />
      ))}
    </SimpleGrid>
  );
}

function WindowedCards({ groups }: { groups: readonly StationGroup[] }) {
  const listRef = useRef<HTMLDivElement>(null);
  const heights = useMemo(() => groups.map((g) => fixedCardHeight(g.pvs.length)), [groups]);
  const offsets = useMemo(() => blockOffsets(heights, CARD_GAP), [heights]);
  const { first, end } = usePageWindow(listRef, offsets, OVERSCAN_PX);
  const rendered = useMemo(
    () => groups.slice(first, end).flatMap((g) => g.pvs.map((pv) => pv.pvRef)),
    [groups, first, end],
  );
  usePvSubscription(rendered);
  const cards = [];
  for (let i = first; i < end; i++) {
    const group = groups[i] as StationGroup;
    const style: CSSProperties = {
      position: 'absolute',
      left: 0,
      right: 0,
      top: offsets[i],
      height: heights[i],
    };
    cards.push(
      <div key={group.key} style={style}>
        <StationCard group={group} fixed />
      </div>,
    );
  }
  return (
    <div
      ref={listRef}
      className="all-values-windowed"
      style={{ position: 'relative', height: offsets[groups.length] }}
      data-windowed-cards={groups.length}
    >
      {cards}
    </div>
  );
}
