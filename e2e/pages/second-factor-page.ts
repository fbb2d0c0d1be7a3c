import type { Page } from 'playwright-core';

/** The own second factor: set up with the secret shown as QR code and text, or switch off. */
export class SecondFactorPage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/account/second-factor`);
    await this.page.getByTestId('second-factor-status').waitFor({ timeout: 15_000 });
  }

  /** The state as the catalogue words it (the badge shows it in capitals). */
  async status(): Promise<string> {
    return ((await this.page.getByTestId('second-factor-status').textContent()) ?? '').trim();
  }

  /** Starts the set-up; the secret as the page shows it for typing into the app by hand. */
  async startSetUp(): Promise<string> {
    await this.page.getByRole('button', { name: 'Einrichten' }).click();
    const secret = this.page.getByTestId('second-factor-secret');
    await secret.waitFor({ timeout: 10_000 });
    return (await secret.innerText()).trim();
  }

  async hasQrCode(): Promise<boolean> {
    const image = this.page.getByRole('img', { name: 'QR-Code für die Authenticator-App' });
    await image.waitFor({ timeout: 10_000 });
    return (await image.getAttribute('src'))?.startsWith('data:image/svg+xml') ?? false;
  }

  /** Confirms with the first code; the recovery codes the page then shows once. */
  async confirm(code: string): Promise<string[]> {
    await this.page.getByLabel('Code aus der App').fill(code);
    await this.page.getByRole('button', { name: 'Einschalten' }).click();
    const list = this.page.getByTestId('recovery-codes');
    await list.waitFor({ timeout: 10_000 });
    const codes = (await list.locator('li').allInnerTexts()).map((c) => c.trim());
    await this.page.getByRole('button', { name: 'Ich habe die Codes notiert' }).click();
    return codes;
  }
}
