import type { Locator, Page } from 'playwright-core';

/** Maintenance messages: a row per notification, marked by urgency, with its figures. */
export class MaintenanceMessagesPage {
  constructor(private readonly page: Page) {}

  /** The row of one service message of a runtime PV (e.g. RechenWert-11020, the Top limit's row is last). */
  rows(runtimeKey: string): Locator {
    return this.page.locator(`tr[data-pv="${runtimeKey}"]`);
  }

  async waitForRows(): Promise<void> {
    await this.page.locator('tr[data-pv]').first().waitFor({ timeout: 20_000 });
  }

  async cell(runtimeKey: string, index: number, cell: 'current' | 'target' | 'remaining'): Promise<string> {
    return (await this.rows(runtimeKey).nth(index).locator(`[data-cell="${cell}"]`).innerText()).trim();
  }

  async urgency(runtimeKey: string, index: number): Promise<string | null> {
    return this.rows(runtimeKey).nth(index).getAttribute('data-urgency');
  }

  async chooseStation(name: string): Promise<void> {
    await this.page.getByRole('textbox', { name: 'Station' }).click();
    await this.page.getByRole('option', { name, exact: true }).click();
  }
}

/** A machine's runtimes with the runtime edit. */
export class RuntimesPage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string, machine: string): Promise<void> {
    await this.page.goto(`${baseUrl}/maintenance/runtimes/${machine}`);
    await this.page.locator('[data-runtime]').first().waitFor({ timeout: 20_000 });
  }

  editButton(): Locator {
    return this.page.getByRole('button', { name: 'Laufzeiten bearbeiten' });
  }

  dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  /** Types into a field of a runtime in the open dialog. */
  async fill(runtimeKey: string, field: string, text: string): Promise<void> {
    await this.dialog().locator(`[data-runtime="${runtimeKey}"] input[data-field="${field}"]`).fill(text);
  }

  async save(): Promise<void> {
    await this.dialog().getByRole('button', { name: 'Speichern' }).click();
  }

  async shownValue(runtimeKey: string): Promise<string> {
    return (
      await this.page.locator(`[data-runtime="${runtimeKey}"] [data-cell="runtime-value"]`).innerText()
    ).trim();
  }
}

/** A machine's life cycle: a table of entries edited in place and saved in one call. */
export class LifecyclePage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string, machine: string): Promise<void> {
    await this.page.goto(`${baseUrl}/maintenance/lifecycle/${machine}`);
    await this.page.locator('tr[data-entry]').first().waitFor({ timeout: 20_000 });
  }

  row(index: number): Locator {
    return this.page.locator(`tr[data-row="${index}"]`);
  }

  async texts(): Promise<string[]> {
    return this.page
      .locator('tr[data-entry] [data-field="text"]')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLTextAreaElement).value));
  }

  async fillRow(index: number, field: 'date' | 'kind' | 'text', value: string): Promise<void> {
    await this.row(index).locator(`[data-field="${field}"]`).fill(value);
  }

  async add(): Promise<void> {
    await this.page.getByRole('button', { name: 'Eintrag hinzufügen' }).click();
  }

  saveButton(): Locator {
    return this.page.getByRole('button', { name: 'Speichern' });
  }
}

/** A machine's data sheet: data, parts, documents and the form that adds one. */
export class DatasheetPage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string, machine: string): Promise<void> {
    await this.page.goto(`${baseUrl}/maintenance/datasheet/${machine}`);
    await this.page.getByText('Dokumente', { exact: true }).waitFor({ timeout: 20_000 });
  }

  documents(): Locator {
    return this.page.locator('[data-document]');
  }

  async chooseFile(name: string, buffer: Buffer, mimeType = 'application/pdf'): Promise<void> {
    await this.page.locator('input[type="file"]').setInputFiles({ name, mimeType, buffer });
  }

  async describe(text: string): Promise<void> {
    await this.page.locator('input[data-field="description"]').fill(text);
  }

  async add(): Promise<void> {
    await this.page.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  }

  progress(): Locator {
    return this.page.locator('[data-upload-progress]');
  }

  cancelButton(): Locator {
    return this.page.getByRole('button', { name: 'Upload abbrechen' });
  }
}
