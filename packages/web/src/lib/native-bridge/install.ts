import { connectNativeBridge, type NativeBridge } from './bridge';
import { BRIDGE_HANDLE, REPLY_CALLBACK } from './contract';
import { detectHost, type HostWindow } from './host';
import { installInPlaceWindows } from './in-place-windows';
import { nativeAppStore } from './native-app-store';

type BridgeWindow = Window &
  HostWindow & {
    leitwarteNativeReply?: (id: string, reply: unknown) => void;
    leitwarteBridge?: NativeBridge;
  };

/**
 * Connects to the embedding app once at start: the reply callback, the documented handle, windows
 * in place, and the app's info for the screens. In a plain browser it does nothing.
 */
export function installNativeBridge(win: Window = window): NativeBridge | null {
  const target = win as BridgeWindow;
  const existing = target[BRIDGE_HANDLE];
  if (existing) return existing;
  const transport = detectHost(target);
  if (!transport) return null;

  const { bridge, receive } = connectNativeBridge(transport);
  target[REPLY_CALLBACK] = receive;
  target[BRIDGE_HANDLE] = Object.freeze(bridge);
  installInPlaceWindows(win);
  void nativeAppStore.attach(bridge);
  return bridge;
}
