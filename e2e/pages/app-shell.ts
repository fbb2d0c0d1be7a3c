import type { Locator, Page } from 'playwright-core';

/** The shell around every screen: header tools, the grouped navigation, the shell's own pages. */
export class AppShell {
  constructor(private readonly page: Page) {}

  get navigation(): Locator {
    // Named in the language shown; the tests switch between German and English.
    return this.page.getByRole('navigation', { name: /^(Hauptnavigation|Main navigation)$/ });
  }

  /** Follows a navigation entry by its visible label and waits for the address. */
  async navigateTo(label: string, path: string | RegExp): Promise<void> {
    await this.navigation.getByRole('link', { name: label, exact: true }).click();
    await this.page.waitForURL(typeof path === 'string' ? (url) => url.pathname === path : path, {
      timeout: 15_000,
    });
  }

  /** Waits until exactly this navigation entry is marked as the current page. */
  async waitForActiveNav(label: string): Promise<void> {
    await this.page.waitForFunction(
      (expected) => {
        const marked = [...document.querySelectorAll('nav [aria-current="page"]')];
        return marked.length === 1 && marked[0]?.textContent?.trim() === expected;
      },
      label,
      { timeout: 10_000 },
    );
  }

  /**
   * Waits until the screen's heading reads `expected`. The address changes before a screen whose
   * code is still loading replaces the previous one, so the old heading may show for a moment.
   * Fails with the heading last shown.
   */
  async waitForHeading(expected: string): Promise<void> {
    const heading = this.page.getByRole('heading', { level: 1 });
    try {
      await this.page
        .getByRole('heading', { level: 1, name: expected, exact: true })
        .waitFor({ state: 'visible', timeout: 15_000 });
    } catch {
      const shown = (await heading.count()) > 0 ? (await heading.first().innerText()).trim() : '(none)';
      throw new Error(`expected the heading '${expected}', the screen shows '${shown}'`);
    }
  }

  favoriteStar(): Locator {
    return this.page.getByRole('button', { name: /Seite als Favorit markieren|Favorit entfernen/ });
  }

  /** Labels of the entries of the favorites or recent list, top to bottom. */
  async listEntries(testId: 'favorites-list' | 'recent-list'): Promise<string[]> {
    const list = this.page.getByTestId(testId);
    await list.waitFor({ state: 'visible', timeout: 15_000 });
    return (await list.getByRole('link').allInnerTexts()).map((text) => text.trim());
  }

  async openQrMenu(item: 'QR-Code dieser Seite erstellen' | 'QR-Code scannen'): Promise<void> {
    await this.page.getByRole('button', { name: 'QR-Code', exact: true }).click();
    await this.page.getByRole('menuitem', { name: item }).click();
  }

  fullscreenButton(): Locator {
    return this.page.getByRole('button', { name: /^Vollbild/ });
  }

  pendingAlerts(): Locator {
    return this.page.getByTestId('pending-alerts');
  }

  /** The number of open unacknowledged alerts the header shows, once connected. */
  async pendingAlertCount(): Promise<number> {
    const indicator = this.pendingAlerts();
    await this.page.waitForFunction(
      () => /^\d+$/.test(document.querySelector('[data-testid="pending-alerts"]')?.textContent?.trim() ?? ''),
      undefined,
      { timeout: 20_000 },
    );
    return Number((await indicator.innerText()).trim().replace(/\D/g, ''));
  }

  /** Marks the current document; `isSameDocument` tells later whether the page was reloaded since. */
  async markDocument(): Promise<void> {
    await this.page.evaluate(() => {
      (window as unknown as { shellTestMarker?: boolean }).shellTestMarker = true;
    });
  }

  async isSameDocument(): Promise<boolean> {
    return this.page.evaluate(
      () => (window as unknown as { shellTestMarker?: boolean }).shellTestMarker === true,
    );
  }
}
