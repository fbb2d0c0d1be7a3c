import { hasRight, pvKey, type ProcessValue, type PvConfig } from '@leitwarte/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getAllPvs } from '../../api/pv';
import { rightsQuery } from '../../api/user-management';
import { getProcessImage, getProcessImages } from '../../api/visualization';
import { pvValueStore } from '../../live/pv-value-store';

/** The process images the user may see (the list and the titles). */
export function useProcessImageList() {
  return useQuery({
    queryKey: ['visualization', 'images'],
    queryFn: ({ signal }) => getProcessImages(signal),
  });
}

/**
 * One image's markup, the configs of the PVs the user may read (names, units, domains for the
 * hover and the fill bars) with their current values seeded into the value store, and whether
 * the user may edit texts.
 */
export function useImageData(name: string) {
  const image = useQuery({
    queryKey: ['visualization', 'image', name],
    queryFn: ({ signal }) => getProcessImage(name, signal),
    staleTime: 60_000,
  });
  const pvs = useQuery({
    queryKey: ['visualization', 'pvs'],
    queryFn: async ({ signal }) => {
      const items = await getAllPvs(signal);
      pvValueStore.seed(items.flatMap((item): ProcessValue[] => (item.value ? [item.value] : [])));
      return items.map((item): PvConfig => item.config);
    },
  });
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
    error: image.error ?? pvs.error,
    refetch: () => {
      void image.refetch();
      void pvs.refetch();
    },
    refetchValues: () => void pvs.refetch(),
  };
}
