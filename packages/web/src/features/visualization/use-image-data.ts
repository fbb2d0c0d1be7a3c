import { hasRight, pvKey, type ProcessValue, type PvConfig } from '@leitwarte/core';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getAllPvs } from '../../api/pv';
import { rightsQuery } from '../../api/user-management';
import { getProcessImage, getProcessImages } from '../../api/visualization';
import { pvValueStore } from '../../live/pv-value-store';
import { blockingError } from '../../lib/query-state';
import { sanitizeSvg } from './sanitize-svg';
import { processImageScreen } from './screens';

/** The process images the user may see (the list and the titles). */
export function useProcessImageList() {
  return useQuery({
    queryKey: ['visualization', 'images'],
    queryFn: ({ signal }) => getProcessImages(signal),
  });
}

// An image changes only when the plant definition is replaced; its live data comes over the channel.
const imageQuery = (name: string) =>
  queryOptions({
    queryKey: ['visualization', 'image', name],
    queryFn: ({ signal }) => getProcessImage(name, signal),
    staleTime: 5 * 60_000,
  });

// Configs change rarely (and arrive live over the PV channel's newConfig); the values seeded here
// are followed live from the moment the image subscribes, so a cached snapshot may be reused.
const pvConfigsQuery = queryOptions({
  queryKey: ['visualization', 'pvs'],
  queryFn: async ({ signal }) => {
    const items = await getAllPvs(signal);
    pvValueStore.seed(items.flatMap((item): ProcessValue[] => (item.value ? [item.value] : [])));
    return items.map((item): PvConfig => item.config);
  },
  staleTime: 60_000,
});

// The sanitised image, parsed once per markup: opening it again (or after a prefetch) only
// clones the cleaned tree instead of parsing and cleaning thousands of elements anew.
const parsed = new Map<string, { markup: string; svg: SVGSVGElement }>();

/** A fresh copy of the sanitised image for this markup (parsed on first use, then cloned). */
export function preparedImage(name: string, markup: string): SVGSVGElement {
  let entry = parsed.get(name);
  if (entry?.markup !== markup) {
    entry = { markup, svg: sanitizeSvg(markup) };
    parsed.set(name, entry);
  }
  return entry.svg.cloneNode(true) as SVGSVGElement;
}

const idle = (work: () => void) => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 2000 });
  else setTimeout(work, 50);
};

/**
 * Fetches what opening an image needs before it is opened (pointer over its card, or an idle
 * moment on the list): its markup, parsed and cleaned when the browser is idle, the PV configs
 * with their values, and the screen's code. Opening then only clones and binds.
 */
export function prefetchImage(client: QueryClient, name: string): void {
  void processImageScreen.preload().catch(() => {});
  void client.prefetchQuery(pvConfigsQuery);
  void client
    .prefetchQuery(imageQuery(name))
    .then(() => {
      const markup = client.getQueryData(imageQuery(name).queryKey);
      if (markup !== undefined) idle(() => void safely(() => preparedImage(name, markup)));
    })
    .catch(() => {});
}

function safely(work: () => unknown): void {
  try {
    work();
  } catch {
    // A broken image shows its error when it is opened.
  }
}

/**
 * One image's markup, the configs of the PVs the user may read (names, units, domains for the
 * hover and the fill bars) with their current values seeded into the value store, and whether
 * the user may edit texts. All requests start at once; none waits for another.
 */
export function useImageData(name: string) {
  const image = useQuery(imageQuery(name));
  const pvs = useQuery(pvConfigsQuery);
  const rights = useQuery(rightsQuery);
  const configs = useMemo(
    () => new Map((pvs.data ?? []).map((config) => [pvKey(config.pvRef), config])),
    [pvs.data],
  );
  return {
    markup: image.data,
    configs,
    canEditTexts: rights.data ? hasRight(rights.data, 'editTexts') : false,
    isPending: image.isPending || pvs.isPending,
    error: blockingError(image) ?? blockingError(pvs),
    refetch: () => {
      void image.refetch();
      void pvs.refetch();
    },
    refetchValues: () => void pvs.refetch(),
  };
}
