import type { Page } from 'playwright-core';
import { OverviewPage } from './overview-page.js';

/** Generous limits: the field, the server and the browser share a loaded machine. */
const WAIT_MS = 60_000;

/** The overview as it shows a field plant: readings with their quality, stations with their dial state. */
export class FieldOverview extends OverviewPage {
  constructor(private readonly view: Page) {
    super(view);
  }

  /** Waits until the PV's cell shows this text (number formatting of the German overview). */
  async waitForReading(key: string, text: string | RegExp): Promise<void> {
    await this.view.waitForFunction(
      ([pv, wanted, isRegExp]) => {
        const cell = document.querySelector(`[data-pv="${pv}"] .pv-value__reading`);
        const shown = cell?.textContent?.trim() ?? '';
        return isRegExp ? new RegExp(wanted).test(shown) : shown === wanted;
      },
      [key, typeof text === 'string' ? text : text.source, typeof text !== 'string'] as const,
      { timeout: WAIT_MS },
    );
  }

  async waitForQuality(key: string, quality: 'Good' | 'Bad' | 'Uncertain'): Promise<void> {
    await this.view.locator(`[data-pv="${key}"][data-quality="${quality}"]`).waitFor({ timeout: WAIT_MS });
  }

  /**
   * Waits until the station card shows this dial state. The overview reads the stations when it
   * opens (it does not follow them live), so this reloads it until the state is there.
   */
  async waitForDialState(station: number, state: string): Promise<void> {
    const badge = this.view.locator(`[data-station="${station}"] [data-dial-state="${state}"]`);
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      await this.waitUntilShown();
      if (await badge.isVisible()) return;
      if (Date.now() > deadline) throw new Error(`station ${station} never showed ${state}`);
      await this.view.waitForTimeout(500);
      await this.view.reload();
    }
  }

  /** The header's server status (calls §4): what the server-status channel last reported. */
  async waitForServerStatus(status: string): Promise<void> {
    // Attached, not visible: with nothing to say (Connected) the indicator is empty.
    await this.view
      .locator(`[data-server-status="${status}"]`)
      .waitFor({ state: 'attached', timeout: WAIT_MS });
  }
}
