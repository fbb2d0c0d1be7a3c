import { parsePvKey, pvKey, type PvRef } from '@leitwarte/core';
import { useEffect } from 'react';
import { useStableCallback } from '../../lib/use-stable-callback';
import { pvHub } from '../../live/pv-hub';
import { watchMaintenanceConfigs } from './maintenance-configs';

/** A burst of config changes (e.g. a bulk runtime write) reloads the list once. */
const CONFIG_RELOAD_DELAY_MS = 500;

/**
 * Keeps the runtime PVs of a screen live: their values go into the value store (rows read them
 * per PV), and a changed maintenance config, or a reconnect after missed changes, reloads the
 * screen's data through `reload`.
 */
export function useLiveRuntimes(refs: readonly PvRef[], reload: () => void): void {
  const onReload = useStableCallback(reload);
  // New reply objects for the same PVs keep the subscription: it follows this string only.
  const signature = [...new Set(refs.map(pvKey))].sort().join(',');

  useEffect(() => pvHub.acquire(), []);
  useEffect(() => pvHub.onResync(onReload), [onReload]);

  useEffect(() => {
    const wanted = signature
      .split(',')
      .map(parsePvKey)
      .filter((ref): ref is PvRef => ref !== null);
    if (wanted.length === 0) return undefined;
    // Failures heal themselves: the channel re-subscribes everything wanted on every (re)connect.
    pvHub.subscribe(wanted).catch(() => {});
    let timer: ReturnType<typeof setTimeout> | null = null;
    // The current configs arrive right after subscribing; only a change of one seen before reloads.
    const seen = new Map<string, string>();
    const stopConfigs = watchMaintenanceConfigs(wanted, (configs) => {
      let changed = false;
      for (const config of configs) {
        const { pvRef, serviceMessageType } = config.pvMaintenanceRef;
        const key = `${pvKey(pvRef)}/${serviceMessageType}`;
        const text = JSON.stringify(config);
        if (seen.has(key) && seen.get(key) !== text) changed = true;
        seen.set(key, text);
      }
      if (!changed) return;
      timer ??= setTimeout(() => {
        timer = null;
        onReload();
      }, CONFIG_RELOAD_DELAY_MS);
    });
    return () => {
      if (timer) clearTimeout(timer);
      stopConfigs();
      pvHub.unsubscribe(wanted);
    };
  }, [signature, onReload]);
}
