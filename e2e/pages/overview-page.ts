import type { Page } from 'playwright-core';

/** The Overview: stations with their PVs; every value cell carries data-pv and data-quality. */
export class OverviewPage {
  constructor(private readonly page: Page) {}

  /** Waits for the overview and switches it to the list of all values (the tiles show key values only). */
  async waitUntilShown(): Promise<void> {
    await this.page.waitForURL(/\/overview/, { timeout: 15_000 });
    // Tiles (the default view; a plant without key values shows them without values) or the list.
    await this.page
      .locator('[data-pv], [data-station], [data-station-tile]')
      .first()
      .waitFor({ state: 'visible', timeout: 15_000 });
    if (!/[?&]view=values/.test(this.page.url())) {
      // The segmented control's radio input is hidden; its label is what a user clicks.
      await this.page.locator('label', { hasText: 'Alle Werte' }).click();
      await this.page.waitForURL(/view=values/, { timeout: 15_000 });
    }
    await this.page
      .locator('[data-station] [data-pv]')
      .first()
      .waitFor({ state: 'visible', timeout: 15_000 });
  }

  /** Waits for the control-room tiles (the overview's default view). */
  async waitForTiles(): Promise<void> {
    await this.page.waitForURL(/\/overview/, { timeout: 15_000 });
    await this.page.locator('[data-station-tile]').first().waitFor({ state: 'visible', timeout: 15_000 });
  }

  /** Stations whose tile is marked as in alarm. */
  async stationsInAlarm(): Promise<string[]> {
    return this.page.$$eval('[data-station-tile][data-alarm="true"]', (nodes) =>
      nodes.map((n) => n.getAttribute('data-station-name') ?? ''),
    );
  }

  /** Texts of all value cells by PV key. */
  async values(): Promise<Map<string, string>> {
    const entries = await this.page.$$eval('[data-pv]', (cells) =>
      cells.map((cell) => [cell.getAttribute('data-pv') ?? '', (cell.textContent ?? '').trim()] as const),
    );
    return new Map(entries);
  }

  async stationNames(): Promise<string[]> {
    return this.page.$$eval('[data-station]', (nodes) =>
      nodes.map((n) => n.getAttribute('data-station-name') ?? ''),
    );
  }

  async logOut(): Promise<void> {
    await this.page.getByRole('button', { name: 'Abmelden' }).click();
  }
}
