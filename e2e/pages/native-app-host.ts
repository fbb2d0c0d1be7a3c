import type { Page } from 'playwright-core';

/** A request the page sent to the fake app. */
export interface HostCall {
  method: string;
  id: string;
  payload: unknown;
}

export interface FakeHostOptions {
  platform: 'android' | 'ios';
  /** Results per request; a request without one is never answered. */
  results: Record<string, unknown>;
  /** Delay of the iOS answers (Android answers at once). */
  replyDelayMs?: number;
  /** What a scan yields, answered later through the reply callback on both platforms. */
  scanResult?: string;
}

/**
 * Plays the Android or iOS app around the web view: installed before the page loads, it records every
 * request and answers as the app would (docs/native-bridge.md).
 */
export class NativeAppHost {
  constructor(private readonly page: Page) {}

  async install(options: FakeHostOptions): Promise<void> {
    await this.page.addInitScript((opts: FakeHostOptions) => {
      type Reply = (id: string, reply: unknown) => void;
      const w = window as unknown as Record<string, unknown> & { leitwarteNativeReply?: Reply };
      const calls: HostCall[] = [];
      w.__nativeHostCalls = calls;
      const answerLater = (id: string, result: unknown, delay: number) =>
        setTimeout(() => w.leitwarteNativeReply?.(id, JSON.stringify({ result })), delay);
      if (opts.platform === 'android') {
        const host: Record<string, (id: string, payload: string) => string | undefined> = {};
        const methods = ['getFeatures', 'getAppInfo', 'getLoginUser', 'getLoginMode', 'getConnectionName'];
        for (const method of [
          ...methods,
          'setTokensAndLogin',
          'showSettings',
          'downloadFile',
          'scanQrCode',
        ]) {
          host[method] = (id, payload) => {
            calls.push({ method, id, payload: JSON.parse(payload) as unknown });
            if (method === 'scanQrCode') {
              answerLater(id, opts.scanResult ?? null, 50);
              return undefined;
            }
            return method in opts.results ? JSON.stringify({ result: opts.results[method] }) : undefined;
          };
        }
        w.LeitwarteAndroid = host;
      } else {
        const handler = {
          postMessage(message: HostCall) {
            calls.push(message);
            if (message.method === 'scanQrCode') answerLater(message.id, opts.scanResult ?? null, 50);
            else if (message.method in opts.results)
              answerLater(message.id, opts.results[message.method], opts.replyDelayMs ?? 20);
          },
        };
        w.webkit = { messageHandlers: { leitwarte: handler } };
      }
    }, options);
  }

  /** Every request the page sent so far. */
  async calls(): Promise<HostCall[]> {
    return this.page.evaluate(() =>
      ((window as unknown as { __nativeHostCalls?: HostCall[] }).__nativeHostCalls ?? []).slice(),
    );
  }

  async methodsCalled(): Promise<string[]> {
    return (await this.calls()).map((call) => call.method);
  }

  /**
   * Calls the bridge's documented handle in the page; returns the result or the error's code,
   * and how long the answer took.
   */
  async callBridge(
    method: string,
    arg?: unknown,
  ): Promise<{ result?: unknown; error?: string; elapsedMs: number }> {
    return this.page.evaluate(
      async ({ method, arg }) => {
        const bridge = (window as unknown as { leitwarteBridge?: Record<string, (a?: unknown) => unknown> })
          .leitwarteBridge;
        if (!bridge) return { error: 'no bridge', elapsedMs: 0 };
        const started = performance.now();
        try {
          const result = await bridge[method]!(arg);
          return { result, elapsedMs: performance.now() - started };
        } catch (error) {
          return {
            error: (error as { code?: string }).code ?? String(error),
            elapsedMs: performance.now() - started,
          };
        }
      },
      { method, arg },
    );
  }

  /** Waits until the page sent this request (after the first `after` requests); returns it. */
  async waitForCall(method: string, after = 0): Promise<HostCall> {
    for (let i = 0; i < 100; i++) {
      const found = (await this.calls()).slice(after).find((call) => call.method === method);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the page sent no ${method}`);
  }

  /**
   * What the app does with setTokensAndLogin: sends the login with the page's tokens (and the
   * credentials given) in the web view's cookies. Returns the request and the login's status.
   */
  async logInAsTheApp(): Promise<{ handed: HostCall; status: number }> {
    const handed = await this.waitForCall('setTokensAndLogin');
    const status = await this.page.evaluate(async (body) => {
      const reply = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return reply.status;
    }, handed.payload);
    return { handed, status };
  }

  async hasBridge(): Promise<boolean> {
    return this.page.evaluate(() => 'leitwarteBridge' in window);
  }
}
