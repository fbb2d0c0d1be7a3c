import type { Locator, Page } from 'playwright-core';

/** Change password (/account/password): three fields, the policy, and what the form says. */
export class PasswordPage {
  constructor(private readonly page: Page) {}

  async openFromUserMenu(): Promise<void> {
    await this.page.getByTestId('user-name').click();
    await this.page.getByRole('menuitem', { name: 'Passwort ändern' }).click();
    await this.waitUntilShown();
  }

  async waitUntilShown(): Promise<void> {
    await this.page.getByTestId('password-policy').waitFor({ timeout: 15_000 });
  }

  async policyText(): Promise<string> {
    return (await this.page.getByTestId('password-policy').innerText()).trim();
  }

  // The label of a required field ends with an asterisk.
  private field(label: string): Locator {
    return this.page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));
  }

  /** Types as a user does: clicks into the field and enters the text key by key. */
  async enter(oldPassword: string, newPassword: string, confirmation: string): Promise<void> {
    for (const [label, value] of [
      ['Bisheriges Passwort', oldPassword],
      ['Neues Passwort', newPassword],
      ['Neues Passwort bestätigen', confirmation],
    ] as const) {
      const input = this.field(label);
      await input.click();
      await input.fill('');
      await input.pressSequentially(value);
    }
  }

  /** The error shown under a field, or null. */
  async errorOf(label: 'Bisheriges Passwort' | 'Neues Passwort' | 'Neues Passwort bestätigen') {
    const id = await this.field(label).getAttribute('id');
    const error = this.page.locator(`[id="${id}-error"]`);
    return (await error.count()) > 0 ? (await error.innerText()).trim() : null;
  }

  async canSubmit(): Promise<boolean> {
    return this.page.getByRole('button', { name: 'Passwort ändern' }).isEnabled();
  }

  async submit(): Promise<void> {
    await this.page.getByRole('button', { name: 'Passwort ändern' }).click();
  }

  async successText(): Promise<string> {
    const success = this.page.getByTestId('password-success');
    await success.waitFor({ timeout: 15_000 });
    return (await success.innerText()).trim();
  }
}
