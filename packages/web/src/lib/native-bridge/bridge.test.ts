import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectNativeBridge } from './bridge';
import { NativeBridgeError } from './contract';
import { detectHost, type AndroidHost, type HostWindow, type IosHost } from './host';

// Fake hosts stand in for the apps: they record what the page sends and answer as the contract says.
function androidHost(answers: Record<string, unknown>) {
  const calls: { method: string; id: string; payload: unknown }[] = [];
  const host: AndroidHost = {};
  for (const method of [
    'getFeatures',
    'getAppInfo',
    'getLoginUser',
    'getLoginMode',
    'getConnectionName',
    'setTokensAndLogin',
    'showSettings',
    'downloadFile',
    'scanQrCode',
  ] as const) {
    host[method] = (id, payload) => {
      calls.push({ method, id, payload: JSON.parse(payload) });
      return method in answers ? JSON.stringify(answers[method]) : undefined;
    };
  }
  return { host, calls };
}

function iosHost() {
  const messages: { id: string; method: string; payload: unknown }[] = [];
  const handler: IosHost = { postMessage: (message) => messages.push(message) };
  return { handler, messages };
}

afterEach(() => vi.useRealTimers());

describe('native bridge on Android', () => {
  const { host, calls } = androidHost({
    getFeatures: { result: ['scanQrCode', 'downloadFile'] },
    getAppInfo: { result: { version: '4.2.0' } },
    getLoginUser: { result: 'betrieb' },
    getLoginMode: { result: 'manual' },
    getConnectionName: { result: 'Zweckverband Talaue' },
  });
  const transport = detectHost({ LeitwarteAndroid: host });
  const { bridge, receive } = connectNativeBridge(transport!);

  it('reads features, app info, login user, login mode and connection name', async () => {
    expect(bridge.platform).toBe('android');
    expect(await bridge.getFeatures()).toEqual(['scanQrCode', 'downloadFile']);
    expect(await bridge.hasFeature('scanQrCode')).toBe(true);
    expect(await bridge.getAppInfo()).toEqual({ version: '4.2.0' });
    expect(await bridge.getLoginUser()).toBe('betrieb');
    expect(await bridge.getLoginMode()).toBe('manual');
    expect(await bridge.getConnectionName()).toBe('Zweckverband Talaue');
  });

  it('hands tokens, settings and downloads to the app as JSON', async () => {
    await bridge.setTokensAndLogin({ csrfToken: 'c', recaptchaToken: 'r', username: 'u', password: 'p' });
    await bridge.showSettings();
    const download = { fileName: 'bericht.pdf', method: 'GET' as const, url: '/api/x', params: { a: '1' } };
    await bridge.downloadFile(download);
    expect(calls.slice(-3).map(({ method, payload }) => ({ method, payload }))).toEqual([
      {
        method: 'setTokensAndLogin',
        payload: { csrfToken: 'c', recaptchaToken: 'r', username: 'u', password: 'p' },
      },
      { method: 'showSettings', payload: null },
      { method: 'downloadFile', payload: download },
    ]);
  });

  it('waits for a scan answered later through the reply callback', async () => {
    const scan = bridge.scanQrCode();
    const request = calls.at(-1)!;
    expect(request.method).toBe('scanQrCode');
    receive(request.id, JSON.stringify({ result: 'https://leitwarte.example/overview' }));
    expect(await scan).toBe('https://leitwarte.example/overview');
  });

  it('reports a request the app does not offer', async () => {
    const { bridge: partial } = connectNativeBridge(detectHost({ LeitwarteAndroid: {} })!);
    await expect(partial.getFeatures()).rejects.toMatchObject({ code: 'unsupported' });
  });
});

describe('native bridge on iOS', () => {
  it('posts requests to the message handler and takes answers from the reply callback', async () => {
    const { handler, messages } = iosHost();
    const win: HostWindow = { webkit: { messageHandlers: { leitwarte: handler } } };
    const { bridge, receive } = connectNativeBridge(detectHost(win)!);
    expect(bridge.platform).toBe('ios');
    const info = bridge.getAppInfo();
    expect(messages[0]).toMatchObject({ method: 'getAppInfo', payload: null });
    receive(messages[0]!.id, { result: { version: '2.0.1' } });
    expect(await info).toEqual({ version: '2.0.1' });

    const user = bridge.getLoginUser();
    receive(messages[1]!.id, '{"error":"keychain locked"}');
    await expect(user).rejects.toEqual(new NativeBridgeError('failed', 'getLoginUser', 'keychain locked'));
  });

  it('fails the login-mode request when the app has not answered after 500 ms', async () => {
    vi.useFakeTimers();
    const { handler, messages } = iosHost();
    const { bridge, receive } = connectNativeBridge(
      detectHost({ webkit: { messageHandlers: { leitwarte: handler } } })!,
    );
    const mode = bridge.getLoginMode();
    const outcome = mode.then(
      () => 'answered',
      (error: NativeBridgeError) => error.code,
    );
    await vi.advanceTimersByTimeAsync(499);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('timeout');
    // A late answer changes nothing.
    receive(messages[0]!.id, { result: 'manual' });
  });

  it('takes an answer that arrives within 500 ms', async () => {
    vi.useFakeTimers();
    const { handler, messages } = iosHost();
    const { bridge, receive } = connectNativeBridge(
      detectHost({ webkit: { messageHandlers: { leitwarte: handler } } })!,
    );
    const mode = bridge.getLoginMode();
    await vi.advanceTimersByTimeAsync(400);
    receive(messages[0]!.id, { result: 'manual' });
    expect(await mode).toBe('manual');
  });
});

describe('host detection', () => {
  it('finds no app in a plain browser', () => {
    expect(detectHost({})).toBeNull();
    expect(detectHost({ webkit: { messageHandlers: {} } })).toBeNull();
  });
});
