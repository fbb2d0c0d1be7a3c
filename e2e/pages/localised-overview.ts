import type { Locator, Page } from 'playwright-core';

/** The Overview read for its language: heading, station kinds, subtypes, numbers, the language switch. */
export class LocalisedOverview {
  constructor(private readonly page: Page) {}

  /** Picks a language in the header's language switch, labelled in the current language. */
  async chooseLanguage(currentLabel: string, language: 'de' | 'en' | 'cs' | 'ru'): Promise<void> {
    await this.page.getByRole('combobox', { name: currentLabel }).selectOption(language);
  }

  /** Waits until the screen's main heading reads the given text. */
  async waitForHeading(text: string): Promise<void> {
    await this.page
      .getByRole('heading', { level: 1, name: text, exact: true })
      .waitFor({ state: 'visible', timeout: 15_000 });
  }

  logoutButton(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  /** The line under a station's name: "<kind> · <station number>". */
  async stationLine(stationName: string): Promise<string> {
    const card = this.page.locator(`[data-station-name="${stationName}"]`);
    return (await card.locator('p').first().innerText()).trim();
  }

  /** The subtype shown beside the first PV of a given German subtype. */
  async subtypeText(germanSubtype: string): Promise<string> {
    return (await this.page.locator(`[data-subtype="${germanSubtype}"]`).first().innerText()).trim();
  }

  /** Key of the first value cell whose reading has a thousands group in German (e.g. a counter). */
  async firstLargeNumberCell(): Promise<string> {
    const key = await this.page.$$eval('[data-pv]', (cells) => {
      const cell = cells.find((c) => /^\d{1,3}(\.\d{3})+(,\d+)?\s/.test(c.textContent?.trim() ?? ''));
      return cell?.getAttribute('data-pv') ?? '';
    });
    if (!key) throw new Error('no value of 1.000 or more on the overview');
    return key;
  }

  /** The number of a value cell, without its unit and quality badge. */
  async reading(pvKey: string): Promise<string> {
    const cell = this.page.locator(`[data-pv="${pvKey}"] .pv-value__reading`);
    return cell.evaluate((node) => (node.firstChild?.textContent ?? '').trim());
  }

  /** Number of documents this tab has loaded: 1 means no reload happened. */
  async navigations(): Promise<number> {
    return this.page.evaluate(() => performance.getEntriesByType('navigation').length);
  }
}
