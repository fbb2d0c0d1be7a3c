import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

// Debian's chromium, never a downloaded browser; background networking off because the
// machine has no network beyond loopback.
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A fresh context (own cookies and storage) with a German browser, as our operators have. */
export async function newPage(
  browser: Browser,
  locale = 'de-DE',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale, viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  return { context, page };
}
