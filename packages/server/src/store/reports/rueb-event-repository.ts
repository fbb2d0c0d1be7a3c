import type { RuebEvent } from '@leitwarte/core';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../schema.js';
import type { RuebEventsTable } from './report-tables.js';

/** Overflow events of stormwater basins: opened when a basin starts to spill, closed when it stops. */
export interface RuebEventRepository {
  open(event: { basinId: string; stationNr: number; start: number; maxLevel: number }): Promise<RuebEvent>;
  /** Updates the figures of an event; `end` closes it. */
  update(
    id: number,
    figures: { end: number | null; overflowVolume: number; maxLevel: number },
  ): Promise<void>;
  /** The open event of a basin (one at most), if any. */
  openOf(basinId: string): Promise<RuebEvent | undefined>;
  /** Events of a station that started within [from, to), oldest first; null station: all. */
  between(stationNr: number | null, from: number, to: number): Promise<RuebEvent[]>;
}

const toEvent = (row: Selectable<RuebEventsTable>): RuebEvent => ({
  id: Number(row.id),
  basinId: row.basin_id,
  stationNr: row.station_nr,
  start: row.start_at,
  end: row.end_at,
  duration: row.end_at === null ? 0 : (row.end_at - row.start_at) / 1000,
  overflowVolume: row.overflow_volume,
  maxLevel: row.max_level,
});

export function createRuebEventRepository(db: Kysely<Database>): RuebEventRepository {
  return {
    async open(e) {
      const row = await db
        .insertInto('rueb_events')
        .values({
          basin_id: e.basinId,
          station_nr: e.stationNr,
          start_at: e.start,
          end_at: null,
          overflow_volume: 0,
          max_level: e.maxLevel,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toEvent(row);
    },
    async update(id, f) {
      await db
        .updateTable('rueb_events')
        .set({ end_at: f.end, overflow_volume: f.overflowVolume, max_level: f.maxLevel })
        .where('id', '=', id)
        .execute();
    },
    async openOf(basinId) {
      const row = await db
        .selectFrom('rueb_events')
        .selectAll()
        .where('basin_id', '=', basinId)
        .where('end_at', 'is', null)
        .orderBy('start_at', 'desc')
        .executeTakeFirst();
      return row ? toEvent(row) : undefined;
    },
    async between(stationNr, from, to) {
      let query = db
        .selectFrom('rueb_events')
        .selectAll()
        .where('start_at', '>=', from)
        .where('start_at', '<', to);
      if (stationNr !== null) query = query.where('station_nr', '=', stationNr);
      return (await query.orderBy('start_at').orderBy('id').execute()).map(toEvent);
    },
  };
}
