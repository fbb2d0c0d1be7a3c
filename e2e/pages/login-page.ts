import type { Page } from 'playwright-core';

/** The login page as a user sees it: two fields, a button, and a message when refused. */
export class LoginPage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string, path = '/login'): Promise<void> {
    await this.page.goto(`${baseUrl}${path}`);
    await this.waitUntilShown();
  }

  async waitUntilShown(): Promise<void> {
    await this.page.getByLabel('Benutzername').waitFor({ state: 'visible', timeout: 15_000 });
  }

  async logIn(username: string, password: string): Promise<void> {
    await this.page.getByLabel('Benutzername').fill(username);
    await this.page.getByLabel('Passwort').fill(password);
    await this.page.getByRole('button', { name: 'Anmelden' }).click();
  }

  /** The refusal message shown under the form. */
  async errorText(): Promise<string> {
    const alert = this.page.getByRole('alert');
    await alert.waitFor({ state: 'visible', timeout: 10_000 });
    return (await alert.innerText()).trim();
  }
}
