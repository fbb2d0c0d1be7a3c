import type { Page } from 'playwright-core';

/** The own account (/account), reached through the user menu in the header. */
export class AccountPage {
  constructor(private readonly page: Page) {}

  async openFromUserMenu(): Promise<void> {
    await this.page.getByTestId('user-name').click();
    await this.page.getByRole('menuitem', { name: 'Mein Konto' }).click();
    await this.waitUntilShown();
  }

  async waitUntilShown(): Promise<void> {
    await this.page.getByRole('heading', { name: 'Mein Konto' }).waitFor({ timeout: 15_000 });
    await this.page.getByTestId('account-username').waitFor({ timeout: 15_000 });
  }

  async username(): Promise<string> {
    return (await this.page.getByTestId('account-username').innerText()).trim();
  }

  /** The role names once the rights have loaded. */
  async roles(): Promise<string[]> {
    const roles = this.page.getByTestId('account-roles');
    await roles.locator('.mantine-Badge-root').first().waitFor({ timeout: 15_000 });
    return (await roles.locator('.mantine-Badge-root').allTextContents()).map((text) => text.trim());
  }

  async openPasswordChange(): Promise<void> {
    await this.page.getByRole('link', { name: 'Passwort ändern' }).click();
  }
}
