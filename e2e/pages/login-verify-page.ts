import type { Page } from 'playwright-core';

/** The second step of the login: one field for the code, a button, and a message when refused. */
export class LoginVerifyPage {
  constructor(private readonly page: Page) {}

  async waitUntilShown(): Promise<void> {
    await this.page.waitForURL(/\/login\/verify/, { timeout: 15_000 });
    await this.page.getByRole('heading', { name: 'Anmeldung bestätigen' }).waitFor({ timeout: 15_000 });
  }

  async enterCode(code: string): Promise<void> {
    await this.page.getByLabel('Code').fill(code);
    await this.page.getByRole('button', { name: 'Bestätigen' }).click();
  }

  async errorText(): Promise<string> {
    const alert = this.page.getByRole('alert');
    await alert.waitFor({ state: 'visible', timeout: 10_000 });
    return (await alert.innerText()).trim();
  }
}
