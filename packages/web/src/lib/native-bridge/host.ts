import {
  ANDROID_INTERFACE,
  IOS_MESSAGE_HANDLER,
  NativeBridgeError,
  type NativeMethod,
  type NativePlatform,
} from './contract';

/** The Android app's injected object: one method per request, taking (id, payload JSON). */
export type AndroidHost = Partial<Record<NativeMethod, (id: string, payload: string) => unknown>>;

/** The iOS app's script message handler. */
export interface IosHost {
  postMessage(message: { id: string; method: NativeMethod; payload: unknown }): void;
}

/** What the page sees of an embedding app. */
export interface HostWindow {
  LeitwarteAndroid?: AndroidHost;
  webkit?: { messageHandlers?: Record<string, IosHost | undefined> };
}

/** A way to hand a request to the app; may return the answer at once (Android), as JSON text. */
export interface Transport {
  platform: NativePlatform;
  send(id: string, method: NativeMethod, payload: unknown): string | null;
}

function androidTransport(host: AndroidHost): Transport {
  return {
    platform: 'android',
    send(id, method, payload) {
      const call = host[method];
      if (typeof call !== 'function') {
        throw new NativeBridgeError('unsupported', method, `${method} is not offered by the app`);
      }
      // Android can only pass strings across addJavascriptInterface.
      const answer = call.call(host, id, JSON.stringify(payload ?? null));
      return typeof answer === 'string' && answer !== '' ? answer : null;
    },
  };
}

function iosTransport(handler: IosHost): Transport {
  return {
    platform: 'ios',
    send(id, method, payload) {
      handler.postMessage({ id, method, payload: payload ?? null });
      return null;
    },
  };
}

/** The embedding app, if any: Android's injected object first, then the iOS message handler. */
export function detectHost(win: HostWindow): Transport | null {
  const android = win[ANDROID_INTERFACE];
  if (android && typeof android === 'object') return androidTransport(android);
  const ios = win.webkit?.messageHandlers?.[IOS_MESSAGE_HANDLER];
  if (ios && typeof ios.postMessage === 'function') return iosTransport(ios);
  return null;
}
