import type { Page } from 'playwright-core';

/** The logout page after an automatic logout: why, a countdown, and the way back to the login. */
export class LogoutPage {
  constructor(private readonly page: Page) {}

  async waitUntilShown(timeout = 30_000): Promise<void> {
    await this.page.getByTestId('logout-reason').waitFor({ timeout });
  }

  async reason(): Promise<string> {
    return (await this.page.getByTestId('logout-reason').innerText()).trim();
  }

  async countdown(): Promise<string> {
    return (await this.page.getByTestId('logout-countdown').innerText()).trim();
  }

  async logInAgain(): Promise<void> {
    await this.page.getByRole('link', { name: 'Erneut anmelden' }).click();
  }
}
