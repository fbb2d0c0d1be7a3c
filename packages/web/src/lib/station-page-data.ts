import type { PvNode, PvRef } from '@leitwarte/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { stationPvNodeQuery } from '../api/pv';
import { pvHub } from '../live/pv-hub';
import { pvConfigListQuery } from './pv-config-list';

/** The PV references of a station's node of the PV tree, in its groups' order. */
export const stationRefs = (node: PvNode | null | undefined): PvRef[] =>
  node ? node.groups.flatMap((g) => g.pvs.map((pv) => ({ type: pv.pvRef.type, nr: pv.pvRef.nr }))) : [];

/** A prefetched station stays fresh this long: moving the pointer over it again asks nothing. */
const PREFETCH_FRESH_MS = 30_000;

/** How long the values of a station fetched ahead stay subscribed when its page is not opened. */
export const PREFETCH_VALUES_HOLD_MS = 10_000;

/** Stations whose values are subscribed ahead: when each hold ends, and how it ends. */
const heldStations = new Map<number, { timer: ReturnType<typeof setTimeout>; end: () => void }>();

/**
 * Subscribes a station's PVs for a while, so that its page finds their current values in the
 * value store and draws each row with its value at once. The PV channel counts subscriptions
 * per PV: the page's own subscription keeps them when this hold ends.
 */
function holdValues(stationNr: number, refs: readonly PvRef[]): void {
  const held = heldStations.get(stationNr);
  if (held !== undefined) {
    clearTimeout(held.timer);
    held.timer = setTimeout(held.end, PREFETCH_VALUES_HOLD_MS);
    return;
  }
  const release = pvHub.acquire();
  pvHub.subscribe(refs).catch(() => undefined);
  const end = () => {
    heldStations.delete(stationNr);
    pvHub.unsubscribe(refs);
    release();
  };
  heldStations.set(stationNr, { timer: setTimeout(end, PREFETCH_VALUES_HOLD_MS), end });
}

/** Ends every hold of values fetched ahead at once (a test's end, so none outlives it). */
export function endPrefetchHolds(): void {
  for (const held of [...heldStations.values()]) {
    clearTimeout(held.timer);
    held.end();
  }
}

/**
 * Fetches what a station page shows first into the query cache (its node of the PV tree, then
 * the configs of its PVs) and subscribes its PVs for a while, so that the page opened next
 * draws its rows with their values at once.
 */
export async function prefetchStationPage(client: QueryClient, stationNr: number): Promise<void> {
  const node = await client.fetchQuery({ ...stationPvNodeQuery(stationNr), staleTime: PREFETCH_FRESH_MS });
  const refs = stationRefs(node);
  if (refs.length === 0) return;
  holdValues(stationNr, refs);
  await client.prefetchQuery({ ...pvConfigListQuery(refs), staleTime: PREFETCH_FRESH_MS });
}

/** How long the pointer rests on a link to a station before its page is fetched ahead. */
export const STATION_PREFETCH_REST_MS = 60;

/**
 * Props for a link to a station page: the page's data is fetched ahead once the pointer has
 * rested on the link a moment (passing over a wall of tiles fetches nothing), when a button or
 * finger goes down on it, or when it gets the keyboard focus. A click usually follows within a
 * few hundred milliseconds, and the station page's requests in a row (the node, then the
 * configs, collected for 50 ms, then the values) are then already answered.
 */
export function useStationPrefetch(stationNr: number) {
  const client = useQueryClient();
  const rest = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A link that leaves the screen under a resting pointer (a filter, a scroll) fetches nothing.
  useEffect(() => () => clearTimeout(rest.current), []);
  return useMemo(() => {
    const fetchAhead = () => void prefetchStationPage(client, stationNr).catch(() => undefined);
    return {
      onPointerEnter: () => {
        clearTimeout(rest.current);
        rest.current = setTimeout(fetchAhead, STATION_PREFETCH_REST_MS);
      },
      onPointerLeave: () => clearTimeout(rest.current),
      // A tap or a quick click: the button goes down some 100 ms before the click lands.
      onPointerDown: fetchAhead,
      onFocus: fetchAhead,
    };
  }, [client, stationNr]);
}
