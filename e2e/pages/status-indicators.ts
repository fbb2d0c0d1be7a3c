import type { Locator, Page } from 'playwright-core';

/** What the header's connection indicators showed since the page was opened (recorded in the page). */
export interface IndicatorHistory {
  /** Server-status badges seen, as `status/phase` (e.g. `WebServerDisconnected/pending`). */
  serverStatuses: string[];
  /** Live states seen (`connecting`, `connected`, `disconnected`, ...). */
  liveStatuses: string[];
}

/**
 * The header's two connection indicators: the server status of calls §4 (shown unless simply
 * connected) and the live channels' state.
 */
export class StatusIndicators {
  constructor(private readonly page: Page) {}

  /**
   * Before the first document loads: records every state both indicators take, from the very
   * first render, so a test can say what a user saw even for a moment.
   */
  static async recordFromStart(page: Page): Promise<void> {
    await page.addInitScript(() => {
      const history = { serverStatuses: [] as string[], liveStatuses: [] as string[] };
      (window as unknown as { __indicators: typeof history }).__indicators = history;
      const note = (list: string[], value: string) => {
        if (list[list.length - 1] !== value) list.push(value);
      };
      const look = () => {
        const server = document.querySelector('[data-server-status]');
        if (server) {
          const status = server.getAttribute('data-server-status') ?? '';
          const badge = status === 'Connected' ? 'hidden' : server.getAttribute('data-server-status-phase');
          note(history.serverStatuses, `${status}/${badge}`);
        }
        const live = document.querySelector('[data-live-status]');
        if (live) note(history.liveStatuses, live.getAttribute('data-live-status') ?? '');
      };
      new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
    });
  }

  async history(): Promise<IndicatorHistory> {
    return this.page.evaluate(() => (window as unknown as { __indicators: IndicatorHistory }).__indicators);
  }

  serverStatus(): Locator {
    return this.page.locator('[data-server-status]');
  }

  /** Waits until the server-status indicator is in this status and phase; returns its text. */
  async waitForServerStatus(status: string, phase: 'pending' | 'settled'): Promise<string> {
    const indicator = this.page.locator(
      `[data-server-status="${status}"][data-server-status-phase="${phase}"]`,
    );
    await indicator.waitFor({ state: 'attached', timeout: 20_000 });
    return ((await indicator.textContent()) ?? '').trim();
  }

  async waitForLive(status: string): Promise<void> {
    await this.page.locator(`[data-live-status="${status}"]`).waitFor({ timeout: 20_000 });
  }
}
