import type { Locator, Page } from 'playwright-core';

/** The webcams list: a card per camera with its current image and state. */
export class WebcamsPage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/webcams`);
    await this.page.getByRole('heading', { name: 'Webcams', level: 1 }).waitFor({ timeout: 20_000 });
  }

  card(id: number): Locator {
    return this.page.locator(`[data-camera="${id}"]`);
  }

  /** Waits until the camera's card shows this state (the list refreshes on its own). */
  async waitForStatus(id: number, status: 'online' | 'offline'): Promise<void> {
    await this.card(id).locator(`[data-camera-status="${status}"]`).waitFor({ timeout: 45_000 });
  }
}

/** A camera's page: the image, its time, the archive slider and the player's controls. */
export class WebcamPage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string, id: number): Promise<void> {
    await this.page.goto(`${baseUrl}/webcams/${id}`);
    await this.page.locator('[data-image]').waitFor({ timeout: 20_000 });
  }

  async shown(): Promise<{ fileName: string | null; time: string; position: string }> {
    return {
      fileName: await this.page.locator('[data-image]').getAttribute('data-image'),
      time: (await this.page.locator('[data-image-time]').innerText()).trim(),
      position: (await this.page.locator('[data-image-position]').innerText()).trim(),
    };
  }

  /** Waits until the image of this file is on screen and loaded. */
  async waitForImage(fileName: string): Promise<void> {
    await this.page.waitForFunction(
      (name) => {
        const img = document.querySelector<HTMLImageElement>(`img[data-image="${name}"]`);
        return img !== null && img.complete && img.naturalWidth > 0;
      },
      fileName,
      { timeout: 15_000 },
    );
  }

  async previous(): Promise<void> {
    await this.page.getByRole('button', { name: 'Vorheriges Bild' }).click();
  }

  async next(): Promise<void> {
    await this.page.getByRole('button', { name: 'Nächstes Bild' }).click();
  }

  async first(): Promise<void> {
    await this.page.getByRole('button', { name: 'Erstes Bild' }).click();
  }

  async play(speed: number): Promise<void> {
    await this.page.getByRole('combobox', { name: 'Geschwindigkeit' }).selectOption(String(speed));
    await this.page.getByRole('button', { name: 'Abspielen' }).click();
  }

  /** Waits until playback has stopped by itself (at the archive's end). */
  async waitUntilStopped(): Promise<void> {
    await this.page.getByRole('button', { name: 'Abspielen' }).waitFor({ timeout: 30_000 });
  }

  status(): Locator {
    return this.page.locator('[data-camera-status]');
  }

  async offlineText(): Promise<string> {
    return (await this.page.locator('[data-offline-since]').innerText()).trim();
  }

  async lastImageText(): Promise<string> {
    return (await this.page.locator('[data-last-image]').innerText()).trim();
  }
}
