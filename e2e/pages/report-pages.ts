import type { Download, Locator, Page } from 'playwright-core';

/** A day, week, month or year report: the table, its cells, the manual input and the exports. */
export class ReportPage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string, kind: string, query: string): Promise<void> {
    await this.page.goto(`${baseUrl}/reports/${kind}?${query}`);
    await this.table().waitFor({ timeout: 30_000 });
  }

  table(): Locator {
    return this.page.locator('table.report-table');
  }

  /** The body rows' texts, cell by cell (time first). */
  async rowTexts(): Promise<string[][]> {
    return this.table()
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((r) => [...r.querySelectorAll('td')].map((c) => (c.textContent ?? '').trim())),
      );
  }

  /** The column heads' texts (time first). */
  async headTexts(): Promise<string[]> {
    return this.table()
      .locator('thead th')
      .evaluateAll((cells) => cells.map((c) => (c.textContent ?? '').trim()));
  }

  footer(kind: string): Locator {
    return this.table().locator(`tfoot tr[data-footer="${kind}"]`);
  }

  cell(row: number, column: number): Locator {
    return this.table()
      .locator(`tbody tr[data-row="${row}"] td`)
      .nth(column + 1);
  }

  editButtons(): Locator {
    return this.table().locator('.report-edit');
  }

  /** Enters a value by hand in a cell and saves it. */
  async enterManual(row: number, column: number, value: string): Promise<void> {
    await this.cell(row, column).locator('.report-edit').click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByLabel('Wert').fill(value);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
  }

  async export(format: 'CSV' | 'XLSX' | 'PDF'): Promise<Download> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download', { timeout: 30_000 }),
      this.page.getByRole('button', { name: `Als ${format} exportieren` }).click(),
    ]);
    return download;
  }
}

/** The stormwater overflow basin reports. */
export class OverflowReportPage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string, path: string): Promise<void> {
    await this.page.goto(`${baseUrl}${path}`);
    await this.page.locator('h1').waitFor({ timeout: 30_000 });
  }

  events(): Locator {
    return this.page.locator('table[data-events] tbody tr');
  }

  totalVolume(): Locator {
    return this.page.locator('table[data-events] [data-total-volume]');
  }
}
