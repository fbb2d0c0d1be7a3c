import type { Locator, Page } from 'playwright-core';

/** A process image in the browser: its bound elements, action buttons and dialogs. */
export class ProcessImagePage {
  constructor(readonly page: Page) {}

  async open(baseUrl: string, name: string): Promise<void> {
    await this.page.goto(`${baseUrl}/visualization/${name}`);
    await this.image().locator('svg').waitFor({ state: 'visible', timeout: 20_000 });
  }

  image(): Locator {
    return this.page.getByTestId('process-image');
  }

  /** The text element bound to a PV (`data-pv`). */
  value(key: string): Locator {
    return this.image().locator(`text[data-pv="${key}"]`);
  }

  /** An element with an id of the image (buttons, pumps, text messages). */
  element(id: string): Locator {
    return this.image().locator(`[id="${id}"]`);
  }

  async waitForText(
    locator: Locator,
    predicate: (text: string) => boolean,
    timeout = 20_000,
  ): Promise<string> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const text = (await locator.textContent()) ?? '';
      if (predicate(text)) return text;
      if (Date.now() > deadline) throw new Error(`text still "${text}"`);
      await this.page.waitForTimeout(100);
    }
  }

  async waitForClass(locator: Locator, cls: string, timeout = 20_000): Promise<void> {
    await locator.evaluate(
      (el, [c, t]) =>
        new Promise<void>((resolve, reject) => {
          const start = Date.now();
          const tick = () => {
            if (el.classList.contains(c as string)) resolve();
            else if (Date.now() - start > (t as number)) reject(new Error(`no class ${c as string}`));
            else setTimeout(tick, 100);
          };
          tick();
        }),
      [cls, timeout] as const,
    );
  }

  dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  /** The shared set-value dialog an image's write action opens. */
  setValueDialog(): Locator {
    return this.page.locator('.mantine-Modal-content');
  }
}
