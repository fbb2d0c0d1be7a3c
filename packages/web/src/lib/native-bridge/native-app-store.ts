import type { NativeAppInfo, NativePlatform } from './contract';
import type { NativeBridge } from './bridge';

/** What the screens know about the embedding app; loaded once when the bridge is installed. */
export interface NativeAppState {
  embedded: boolean;
  platform: NativePlatform | null;
  appInfo: NativeAppInfo | null;
  features: readonly string[];
  connectionName: string | null;
}

const NOT_EMBEDDED: NativeAppState = {
  embedded: false,
  platform: null,
  appInfo: null,
  features: [],
  connectionName: null,
};

let state: NativeAppState = NOT_EMBEDDED;
let bridge: NativeBridge | null = null;
const listeners = new Set<() => void>();

function update(next: Partial<NativeAppState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const nativeAppStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: (): NativeAppState => state,
  bridge: (): NativeBridge | null => bridge,

  /** Takes the bridge of the embedding app and reads what the screens show about it. */
  async attach(next: NativeBridge): Promise<void> {
    bridge = next;
    update({ embedded: true, platform: next.platform });
    // Each answer on its own: an app that lacks one request still reports the others.
    const [appInfo, features, connectionName] = await Promise.allSettled([
      next.getAppInfo(),
      next.getFeatures(),
      next.getConnectionName(),
    ]);
    update({
      appInfo: appInfo.status === 'fulfilled' ? appInfo.value : null,
      features: features.status === 'fulfilled' ? features.value : [],
      connectionName: connectionName.status === 'fulfilled' ? connectionName.value : null,
    });
  },

  /** Back to "not embedded" (tests). */
  reset(): void {
    bridge = null;
    update(NOT_EMBEDDED);
  },
};
