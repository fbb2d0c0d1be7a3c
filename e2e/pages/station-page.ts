import type { Locator, Page } from 'playwright-core';

const WAIT = { timeout: 20_000 } as const;

/** A station page with its PV detail and the write dialogs, as an operator uses them. */
export class StationPage {
  constructor(readonly page: Page) {}

  async open(baseUrl: string, station: number, pv?: string): Promise<void> {
    await this.page.goto(`${baseUrl}/stations/${station}${pv ? `?pv=${pv}` : ''}`);
    await this.waitUntilShown();
  }

  async waitUntilShown(): Promise<void> {
    await this.page
      .locator('[data-pv-row]')
      .first()
      .waitFor({ state: 'visible', ...WAIT });
  }

  /** The reading of a PV's value cell in the station's table. */
  reading(key: string): Locator {
    return this.page.locator(`[data-pv-row="${key}"] [data-pv="${key}"] .pv-value__reading`);
  }

  async openDetail(key: string): Promise<Locator> {
    await this.page.locator(`[data-pv-row="${key}"] .pv-row__open`).click();
    const drawer = this.page.getByRole('dialog');
    await drawer.waitFor({ state: 'visible', ...WAIT });
    return drawer;
  }

  /** The open modal of an action (the drawer is a dialog too; the action's modal is the last). */
  modal(): Locator {
    return this.page.locator('.mantine-Modal-content');
  }

  async action(name: string): Promise<void> {
    await this.page.getByRole('button', { name, exact: true }).click();
    await this.modal().waitFor({ state: 'visible', ...WAIT });
  }

  async modalTitle(): Promise<string> {
    return (await this.modal().locator('.mantine-Modal-title').innerText()).trim();
  }

  async modalButton(name: string): Promise<void> {
    await this.modal().getByRole('button', { name, exact: true }).click();
  }

  async problems(): Promise<string> {
    const box = this.modal().getByTestId('action-problems');
    await box.waitFor({ state: 'visible', ...WAIT });
    return (await box.innerText()).trim();
  }

  dialState(): Locator {
    return this.page.getByTestId('station-dial-state').locator('[data-dial-state]');
  }
}
