import type { Page } from 'playwright-core';
import { ArchiveList } from './archive-list.js';

/** The alert archive: live rows with their state, acknowledge buttons, dialogs and notices. */
export class AlertArchivePage extends ArchiveList {
  constructor(page: Page) {
    super(page, 'Meldungen');
  }

  async open(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/alerts`);
    await this.waitUntilShown();
  }

  async waitUntilShown(): Promise<void> {
    await this.page.getByRole('heading', { name: 'Meldungsarchiv' }).waitFor({ timeout: 15_000 });
    await this.page.getByTestId('alerts-summary').waitFor({ timeout: 15_000 });
  }

  /** Waits until a row with this text is shown (without reloading the page). */
  async waitForRow(text: string, timeout = 20_000): Promise<void> {
    await this.row(text).first().waitFor({ state: 'visible', timeout });
  }

  /** The state shown in the row: coming, going or acknowledged. */
  async stateOf(text: string): Promise<string | null> {
    return this.row(text).first().locator('[data-alert-state]').getAttribute('data-alert-state');
  }

  async waitForState(text: string, state: string, timeout = 15_000): Promise<void> {
    await this.row(text)
      .first()
      .locator(`[data-alert-state="${state}"]`)
      .waitFor({ state: 'visible', timeout });
  }

  async select(text: string): Promise<void> {
    await this.row(text).first().getByRole('checkbox', { name: 'Zeile auswählen' }).check();
  }

  acknowledgeSelectedButton() {
    return this.page.getByRole('button', { name: /^Ausgewählte quittieren/ });
  }

  acknowledgeAllButton() {
    return this.page.getByRole('button', { name: 'Alle quittieren' });
  }

  async noRightsText(): Promise<string> {
    const text = this.page.getByTestId('no-ack-rights');
    await text.waitFor({ state: 'visible', timeout: 15_000 });
    return (await text.innerText()).trim();
  }

  async summary(): Promise<{ shown: number; loaded: number }> {
    return this.counts('alerts-summary');
  }
}
