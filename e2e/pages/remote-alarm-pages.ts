import type { Locator, Page } from 'playwright-core';

/** The plans screen: plans with live counters, alarm lines, plans to acknowledge. */
export class RemoteAlarmPlansPage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/remote-alarm/plans`);
    await this.waitUntilShown();
  }

  async waitUntilShown(): Promise<void> {
    await this.page.getByRole('heading', { name: 'Fernalarmierung – Pläne' }).waitFor({ timeout: 20_000 });
    // The live state has arrived once a plan shows its alerting counter.
    await this.page.waitForFunction(
      () => document.querySelector('tr[data-plan="1/1"] [data-alerting]')?.textContent?.includes('/'),
      undefined,
      {
        timeout: 20_000,
      },
    );
  }

  row(plan: string): Locator {
    return this.page.locator(`tr[data-plan="${plan}"]`);
  }

  /** A counter cell's text, e.g. "1 / 8" for alerting or "1" for undelivered. */
  async cell(
    plan: string,
    cell: 'alerting' | 'changes' | 'delivered' | 'undelivered' | 'notifications' | 'active',
  ): Promise<string> {
    return (await this.row(plan).locator(`[data-${cell}]`).innerText()).trim();
  }

  async status(plan: string): Promise<string> {
    return (await this.row(plan).locator('[data-status]').innerText()).trim();
  }

  /** Waits until a plan's cell reads `expected` (live updates, no reload). */
  async waitForCell(
    plan: string,
    cell: Parameters<RemoteAlarmPlansPage['cell']>[1],
    expected: string | RegExp,
  ): Promise<void> {
    const locator = this.row(plan).locator(`[data-${cell}]`);
    const test = (text: string) =>
      typeof expected === 'string' ? text.trim() === expected : expected.test(text);
    const deadline = Date.now() + 30_000;
    let last = '';
    while (Date.now() < deadline) {
      last = await locator.innerText().catch(() => '');
      if (test(last)) return;
      await this.page.waitForTimeout(100);
    }
    throw new Error(`plan ${plan} ${cell}: expected ${String(expected)}, last "${last}"`);
  }

  async waitForStatus(plan: string, expected: string): Promise<void> {
    await this.row(plan).locator('[data-status]', { hasText: expected }).waitFor({ timeout: 30_000 });
  }

  /** Loads of the page since it was opened (1: everything came live). */
  navigations(): Promise<number> {
    return this.page.evaluate(() => performance.getEntriesByType('navigation').length);
  }
}

/** The activation screen: plans switched on and off, call numbers. */
export class RemoteAlarmActivationPage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/remote-alarm/activation`);
    await this.page
      .getByRole('heading', { name: 'Fernalarmierung – Aktivierung' })
      .waitFor({ timeout: 20_000 });
    await this.row('1/1').waitFor({ timeout: 20_000 });
  }

  row(plan: string): Locator {
    return this.page.locator(`tr[data-activation-plan="${plan}"]`);
  }

  planSwitch(plan: string): Locator {
    return this.row(plan).getByRole('switch');
  }

  /** Whether the plan's row says it is read-only for this user. */
  async readOnly(plan: string): Promise<boolean> {
    return (await this.row(plan).getByText('nur lesen').count()) > 0;
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: /^Speichern/ }).click();
  }

  /** The failure dialog: its title and text. */
  async dialog(): Promise<{ title: string; text: string }> {
    const dialog = this.page.getByRole('dialog');
    await dialog.waitFor({ timeout: 15_000 });
    const title = (await dialog.locator('h2').innerText()).trim();
    return { title, text: (await dialog.innerText()).trim() };
  }
}

/** The recipients' page behind an alarm's link. */
export class AlarmConfirmPage {
  constructor(private readonly page: Page) {}

  async open(link: string): Promise<void> {
    await this.page.goto(link);
    await this.page.getByRole('heading', { name: 'Alarm quittieren' }).waitFor({ timeout: 20_000 });
  }

  async messages(): Promise<string[]> {
    return (await this.page.getByRole('listitem').allInnerTexts()).map((t) => t.trim());
  }

  async confirm(): Promise<string> {
    await this.page.getByRole('button', { name: 'Alarm quittieren' }).click();
    const done = this.page.locator('[data-confirmation]');
    await done.waitFor({ timeout: 15_000 });
    return (await done.innerText()).trim();
  }

  /** What the page says when nothing can be confirmed (done already, expired, invalid). */
  async notice(): Promise<{ state: string | null; text: string }> {
    const notice = this.page.locator('[data-confirmation]');
    await notice.waitFor({ timeout: 15_000 });
    return { state: await notice.getAttribute('data-confirmation'), text: (await notice.innerText()).trim() };
  }
}
