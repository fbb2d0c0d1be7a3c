import type { Download, Page } from 'playwright-core';
import { ArchiveList } from './archive-list.js';

/** The control-event archive: rows of operator actions and system events, filters and export. */
export class EventArchivePage extends ArchiveList {
  constructor(page: Page) {
    super(page, 'Steuerereignisse');
  }

  async open(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/events`);
    await this.page.getByRole('heading', { name: 'Ereignisarchiv' }).waitFor({ timeout: 15_000 });
    await this.page.getByTestId('events-summary').waitFor({ timeout: 15_000 });
  }

  async summary(): Promise<{ shown: number; loaded: number }> {
    return this.counts('events-summary');
  }

  /** Clicks the export and returns the file the browser received. */
  async exportCsv(): Promise<Download> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByRole('button', { name: 'CSV-Export' }).click(),
    ]);
    return download;
  }
}
