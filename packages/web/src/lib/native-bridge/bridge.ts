import {
  IOS_LOGIN_MODE_TIMEOUT_MS,
  NATIVE_FEATURES,
  NativeBridgeError,
  REPLY_TIMEOUT_MS,
  type NativeAppInfo,
  type NativeCommands,
  type NativeDownload,
  type NativeLoginMode,
  type NativeLoginTokens,
  type NativePlatform,
  type NativeQueries,
} from './contract';
import type { Transport } from './host';

/** The web client's side of the bridge (screens §7), one method per request of the contract. */
export interface NativeBridge {
  readonly platform: NativePlatform;
  getFeatures(): Promise<string[]>;
  /** Whether the app offers a feature, e.g. 'scanQrCode'. */
  hasFeature(feature: string): Promise<boolean>;
  getAppInfo(): Promise<NativeAppInfo>;
  getLoginUser(): Promise<string | null>;
  /** On iOS this fails when the app has not answered within 500 ms. */
  getLoginMode(): Promise<NativeLoginMode>;
  getConnectionName(): Promise<string | null>;
  setTokensAndLogin(tokens: NativeLoginTokens): Promise<void>;
  showSettings(): Promise<void>;
  downloadFile(download: NativeDownload): Promise<void>;
  /** The scanned text, or null when the user cancelled the scan. */
  scanQrCode(): Promise<string | null>;
}

interface Pending {
  method: keyof NativeQueries;
  resolve(result: unknown): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** A bridge plus the entry point for the apps' answers (the global reply callback calls it). */
export interface NativeBridgeConnection {
  bridge: NativeBridge;
  receive(id: string, reply: unknown): void;
}

function parseReply(reply: unknown): unknown {
  if (typeof reply !== 'string') return reply;
  try {
    return JSON.parse(reply) as unknown;
  } catch {
    return { error: `unreadable answer: ${reply.slice(0, 80)}` };
  }
}

const asString = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** Builds the bridge over a transport; every query gets an id and waits for its answer. */
export function connectNativeBridge(transport: Transport): NativeBridgeConnection {
  const pending = new Map<string, Pending>();
  let counter = 0;

  const receive = (id: string, raw: unknown) => {
    const entry = pending.get(String(id));
    if (!entry) return; // Late answers (after a time-out) are dropped.
    pending.delete(String(id));
    if (entry.timer !== undefined) clearTimeout(entry.timer);
    const reply = parseReply(raw);
    if (reply && typeof reply === 'object' && 'error' in reply) {
      const message = String((reply as { error: unknown }).error);
      entry.reject(new NativeBridgeError('failed', entry.method, message));
    } else if (reply && typeof reply === 'object' && 'result' in reply) {
      entry.resolve((reply as { result: unknown }).result);
    } else {
      entry.reject(new NativeBridgeError('failed', entry.method, 'answer without result'));
    }
  };

  function query<M extends keyof NativeQueries>(method: M, timeoutMs: number | null): Promise<unknown> {
    const id = `${method}-${++counter}`;
    return new Promise((resolve, reject) => {
      const timer =
        timeoutMs === null
          ? undefined
          : setTimeout(() => {
              pending.delete(id);
              reject(new NativeBridgeError('timeout', method, `${method}: no answer within ${timeoutMs} ms`));
            }, timeoutMs);
      pending.set(id, { method, resolve, reject, timer });
      try {
        const immediate = transport.send(id, method, null);
        if (immediate !== null) receive(id, immediate);
      } catch (error) {
        pending.delete(id);
        if (timer !== undefined) clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  async function command<M extends keyof NativeCommands>(method: M, payload: NativeCommands[M]) {
    transport.send(`${method}-${++counter}`, method, payload);
  }

  const getFeatures = async () => {
    const result = await query('getFeatures', REPLY_TIMEOUT_MS);
    return Array.isArray(result) ? result.filter((f): f is string => typeof f === 'string') : [];
  };

  const bridge: NativeBridge = {
    platform: transport.platform,
    getFeatures,
    hasFeature: async (feature) => (await getFeatures()).includes(feature),
    getAppInfo: async () => {
      const result = (await query('getAppInfo', REPLY_TIMEOUT_MS)) as { version?: unknown } | null;
      return { version: asString(result?.version) ?? '' };
    },
    getLoginUser: async () => asString(await query('getLoginUser', REPLY_TIMEOUT_MS)),
    getLoginMode: async () => {
      const timeout = transport.platform === 'ios' ? IOS_LOGIN_MODE_TIMEOUT_MS : REPLY_TIMEOUT_MS;
      return asString(await query('getLoginMode', timeout)) ?? 'manual';
    },
    getConnectionName: async () => asString(await query('getConnectionName', REPLY_TIMEOUT_MS)),
    setTokensAndLogin: (tokens) => command('setTokensAndLogin', tokens),
    showSettings: () => command('showSettings', null),
    downloadFile: (download) => command('downloadFile', download),
    // The user takes as long as needed to aim the camera: no time-out.
    scanQrCode: async () => asString(await query('scanQrCode', null)),
  };
  return { bridge, receive };
}

export { NATIVE_FEATURES };
