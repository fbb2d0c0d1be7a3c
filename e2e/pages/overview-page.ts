import type { Page } from 'playwright-core';

/** The Overview: stations with their PVs; every value cell carries data-pv and data-quality. */
export class OverviewPage {
  constructor(private readonly page: Page) {}

  async waitUntilShown(): Promise<void> {
    await this.page.waitForURL(/\/overview/, { timeout: 15_000 });
    await this.page.locator('[data-pv]').first().waitFor({ state: 'visible', timeout: 15_000 });
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
