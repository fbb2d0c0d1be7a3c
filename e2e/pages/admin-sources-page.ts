import type { Locator, Page } from 'playwright-core';

const WAIT_MS = 60_000;

/** The data sources screen: a card per source, the reconnect dialog and the address space browser. */
export class AdminSourcesPage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/admin/sources`);
    await this.page.getByRole('heading', { name: 'Datenquellen' }).waitFor({ timeout: WAIT_MS });
  }

  card(id: string): Locator {
    return this.page.locator(`[data-source="${id}"]`);
  }

  async waitForState(id: string, state: string): Promise<void> {
    await this.page.locator(`[data-source="${id}"][data-state="${state}"]`).waitFor({ timeout: WAIT_MS });
  }

  async counter(id: string, name: string): Promise<number> {
    const text = await this.card(id).locator(`[data-counter="${name}"] p`).last().innerText();
    return Number(text.replace(/\D/g, ''));
  }

  async reconnect(id: string): Promise<void> {
    await this.card(id).getByRole('button', { name: 'Neu verbinden' }).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Neu verbinden' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: WAIT_MS });
  }

  /** Opens the address space browser and follows the named objects down. */
  async browse(id: string, path: string[]): Promise<Locator> {
    await this.card(id).getByRole('button', { name: 'Adressraum durchsuchen' }).click();
    const dialog = this.page.getByRole('dialog');
    for (const name of path) await dialog.getByRole('button', { name, exact: true }).click();
    return dialog;
  }
}
