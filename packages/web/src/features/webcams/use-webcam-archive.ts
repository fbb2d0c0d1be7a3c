import type { WebcamImageRef } from '@leitwarte/core';
import { useQuery } from '@tanstack/react-query';
import { getAvailableWebcamImages, getWebcams } from '../../api/webcam';

/** One camera (null when unknown or not readable: webcam calls answer nothing then). */
export function useWebcam(id: number) {
  return useQuery({
    queryKey: ['webcams', id],
    queryFn: async ({ signal }) => (await getWebcams(id, signal))?.[0] ?? null,
    refetchInterval: 15_000,
    enabled: Number.isSafeInteger(id),
  });
}

/** The images of a camera in [from, to], oldest first; empty when there are none or the call failed. */
export function useWebcamArchive(id: number, from: number, to: number, follow: boolean) {
  return useQuery({
    queryKey: ['webcams', id, 'images', from, follow ? 'now' : to],
    queryFn: async ({ signal }): Promise<WebcamImageRef[]> =>
      (await getAvailableWebcamImages(id, from, follow ? Date.now() : to, signal)) ?? [],
    // Following the present: newer images join the archive as they come.
    refetchInterval: follow ? 15_000 : false,
    placeholderData: (previous) => previous,
  });
}
