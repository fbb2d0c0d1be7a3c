import { SimpleGrid, useMatches } from '@mantine/core';
import type { PvConfig, Station } from '@leitwarte/core';
import { useMemo, useRef } from 'react';
import type { PriorityLook } from '../../lib/use-priorities';
import { StationTile } from './station-tile';
import { blockOffsets, usePageWindow } from './use-page-window';

/**
 * From this many stations only the rows of tiles in and near the view are rendered: a wall of
 * 1,000 tiles would take seconds to render and lay out, and an operator sees a few dozen at once.
 */
export const WINDOWED_TILES_FROM = 100;

const COLUMNS = { base: 1, xs: 2, md: 3, lg: 4, xl: 5 };
const GAP = 12; // spacing="sm"
// The fixed parts of a tile (see .station-tile--fixed in overview.css).
const TILE_PADDING = 2 * 12; // Paper p="sm"
const TILE_BORDER = 2 * 3; // the alarm frame, the thickest border a tile has
const HEAD = 40;
const BADGES = 24;
const VALUE_LINE = 20;
const VALUE_GAP = 2;
const LAST_DATA = 20;
const PART_GAPS = 3 * 6; // Stack gap={6} between head, badges, values and last data

/** The height of a tile with `values` key-value lines (an empty list shows one line saying so). */
export function fixedTileHeight(values: number): number {
  const lines = Math.max(1, values);
  return (
    TILE_PADDING +
    TILE_BORDER +
    HEAD +
    BADGES +
    lines * VALUE_LINE +
    (lines - 1) * VALUE_GAP +
    LAST_DATA +
    PART_GAPS
  );
}

export interface TileEntry {
  key: string;
  station: Station;
}

interface TileWallProps {
  tiles: readonly TileEntry[];
  keyValues: ReadonlyMap<string, readonly PvConfig[]>;
  keyValuesPending: boolean;
  priorities: ReadonlyMap<number, PriorityLook>;
}

const NO_PVS: PvConfig[] = [];

/** The stations' tiles: all of them for a plant of a few dozen stations, windowed by rows beyond. */
export function TileWall(props: TileWallProps) {
  const columns = useMatches(COLUMNS);
  if (props.tiles.length < WINDOWED_TILES_FROM)
    return (
      <SimpleGrid cols={COLUMNS} spacing="sm" verticalSpacing="sm">
        {props.tiles.map(({ key, station }) => (
          <StationTile
            key={key}
            station={station}
            // The key values of the whole station, whatever of its PVs the filter matched.
            keyValues={props.keyValues.get(key) ?? NO_PVS}
            keyValuesPending={props.keyValuesPending}
            priorities={props.priorities}
          />
        ))}
      </SimpleGrid>
    );
  return <WindowedTiles {...props} columns={columns} />;
}

function WindowedTiles({
  tiles,
  keyValues,
  keyValuesPending,
  priorities,
  columns,
}: TileWallProps & { columns: number }) {
  const listRef = useRef<HTMLDivElement>(null);
  // A row is as tall as its tile with the most key values (as the plant defines them, so the
  // height does not change when their configs arrive).
  const rows = useMemo(() => {
    const result: { tiles: TileEntry[]; height: number }[] = [];
    for (let i = 0; i < tiles.length; i += columns) {
      const row = tiles.slice(i, i + columns);
      const most = Math.max(...row.map((t) => t.station.keyValues.length));
      result.push({ tiles: row, height: fixedTileHeight(most) });
    }
    return result;
  }, [tiles, columns]);
  const offsets = useMemo(
    () =>
      blockOffsets(
        rows.map((r) => r.height),
        GAP,
      ),
    [rows],
  );
  const { first, end } = usePageWindow(listRef, offsets, 400);
  const shown = [];
  for (let i = first; i < end; i++) {
    const row = rows[i];
    if (!row) continue;
    shown.push(
      <div
        key={row.tiles[0]?.key}
        className="tile-wall__row"
        style={{
          top: offsets[i],
          height: row.height,
          gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
        }}
      >
        {row.tiles.map(({ key, station }) => (
          <StationTile
            key={key}
            station={station}
            keyValues={keyValues.get(key) ?? NO_PVS}
            keyValuesPending={keyValuesPending}
            priorities={priorities}
            fixed
          />
        ))}
      </div>,
    );
  }
  return (
    <div
      ref={listRef}
      className="tile-wall--windowed"
      style={{ height: offsets[rows.length] }}
      data-windowed-tiles={tiles.length}
    >
      {shown}
    </div>
  );
}
