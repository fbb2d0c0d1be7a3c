import { pvKey, type PvConfig, type PvRef } from '@leitwarte/core';
import { useEffect, useState } from 'react';
import { requestPvConfig } from '../../api/pv';

/** Dialogs that wait for data show "could not load" after this long (screens §9). */
export const DIALOG_LOAD_WAIT_MS = 2000;

export interface LoadedConfigs {
  configs: Map<string, PvConfig>;
  /** PVs the server had no config for, or that did not answer in time. */
  missing: PvRef[];
  done: boolean;
}

/**
 * The configs of the dialog's PVs, through the batched PV info requests (calls §9: 50 ms,
 * ≤ 1024 per call). After the load wait, whatever has not come is reported as missing.
 */
export function usePvConfigs(refs: readonly PvRef[]): LoadedConfigs {
  const signature = refs.map(pvKey).join(',');
  const [state, setState] = useState<LoadedConfigs>({ configs: new Map(), missing: [], done: false });
  useEffect(() => {
    let live = true;
    const list = signature ? signature.split(',') : [];
    const wanted = refs.filter((ref, i) => list[i] === pvKey(ref));
    const configs = new Map<string, PvConfig>();
    const failed: PvRef[] = [];
    let settled = 0;
    const finish = () => {
      if (!live) return;
      setState({ configs: new Map(configs), missing: failed, done: true });
    };
    const timer = setTimeout(() => {
      const late = wanted.filter((ref) => !configs.has(pvKey(ref)) && !failed.includes(ref));
      failed.push(...late);
      finish();
    }, DIALOG_LOAD_WAIT_MS);
    for (const ref of wanted) {
      requestPvConfig(ref)
        .then((config) => configs.set(pvKey(ref), config))
        .catch(() => failed.push(ref))
        .finally(() => {
          settled += 1;
          if (settled === wanted.length) {
            clearTimeout(timer);
            finish();
          }
        });
    }
    if (wanted.length === 0) {
      clearTimeout(timer);
      finish();
    }
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // The refs are keyed by their signature: a new array of the same PVs loads nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature]);
  return state;
}
