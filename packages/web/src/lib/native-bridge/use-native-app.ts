import { useSyncExternalStore } from 'react';
import type { NativeBridge } from './bridge';
import { nativeAppStore, type NativeAppState } from './native-app-store';

/** The embedding app as the screens see it, plus its bridge (null in a plain browser). */
export function useNativeApp(): NativeAppState & { bridge: NativeBridge | null } {
  const state = useSyncExternalStore(nativeAppStore.subscribe, nativeAppStore.snapshot);
  return { ...state, bridge: nativeAppStore.bridge() };
}

/** The bridge outside React (e.g. in a click handler of a download); null in a plain browser. */
export function nativeBridge(): NativeBridge | null {
  return nativeAppStore.bridge();
}
