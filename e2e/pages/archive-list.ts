import type { Locator, Page } from 'playwright-core';

/**
 * What the alert and event archives share as a user sees them: a grid of rows, the filter
 * builder, the limit notice and the summary line.
 */
export class ArchiveList {
  constructor(
    protected readonly page: Page,
    private readonly gridLabel: string,
  ) {}

  get grid(): Locator {
    return this.page.getByRole('grid', { name: this.gridLabel });
  }

  /** The body row whose text contains `text`. */
  row(text: string): Locator {
    return this.grid.getByRole('row').filter({ hasText: text });
  }

  /** Texts of the cells of every rendered body row. */
  async rowTexts(): Promise<string[][]> {
    return this.grid
      .locator('.data-list__body-row')
      .evaluateAll((rows) =>
        rows.map((row) =>
          [...row.querySelectorAll('[role="gridcell"]')].map((cell) => (cell.textContent ?? '').trim()),
        ),
      );
  }

  /**
   * Scrolls the grid page by page, as a user reads down the list, and returns every row seen
   * until `enough` holds for them or the end of the list is reached.
   */
  async readRowsUntil(enough: (rows: string[][]) => boolean, maxPages = 50): Promise<string[][]> {
    const seen = new Map<string, string[]>();
    for (let pageNr = 0; pageNr < maxPages; pageNr++) {
      for (const cells of await this.rowTexts()) seen.set(cells.join('\u0000'), cells);
      const rows = [...seen.values()];
      if (enough(rows)) return rows;
      const atEnd = await this.grid.evaluate((grid) => {
        const end = grid.scrollTop + grid.clientHeight >= grid.scrollHeight - 1;
        grid.scrollTop += grid.clientHeight * 0.8;
        return end;
      });
      if (atEnd) return rows;
      // Rows are placed on the next frame after the scroll.
      await this.page.evaluate(
        () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
      );
    }
    return [...seen.values()];
  }

  /** "{shown} von {loaded} …": the numbers of the summary line. */
  async counts(testId: string): Promise<{ shown: number; loaded: number }> {
    const text = await this.page.getByTestId(testId).innerText();
    const [shown, loaded] = (text.match(/\d[\d.]*/g) ?? []).map((n) => Number(n.replace(/\./g, '')));
    return { shown: shown ?? NaN, loaded: loaded ?? NaN };
  }

  async limitNotice(): Promise<string> {
    const notice = this.page.getByTestId('limit-notice');
    await notice.waitFor({ state: 'visible', timeout: 15_000 });
    return (await notice.innerText()).trim();
  }

  // The filter builder, driven through its labelled controls.
  private filterArea(): Locator {
    return this.page.getByRole('group', { name: 'Filter', exact: true });
  }

  /** Adds a condition to the top group, or to the n-th nested group. */
  async addCondition(field: string, operator: string, value: string, inGroup?: number): Promise<void> {
    const scope =
      inGroup === undefined
        ? this.filterArea()
        : this.filterArea().getByRole('group', { name: 'Bedingungsgruppe' }).nth(inGroup);
    const addButtons = scope.getByRole('button', { name: 'Bedingung hinzufügen' });
    // The top group's own button is the last one (nested groups come before it).
    await (inGroup === undefined ? addButtons.last() : addButtons.first()).click();
    const conditions =
      inGroup === undefined
        ? this.filterArea().getByRole('group', { name: 'Bedingung', exact: true })
        : scope.getByRole('group', { name: 'Bedingung', exact: true });
    await this.fillCondition(conditions.last(), field, operator, value);
  }

  /** Adds a nested group (with the other logic) and fills its first condition. */
  async addGroup(field: string, operator: string, value: string): Promise<void> {
    await this.filterArea().getByRole('button', { name: 'Gruppe hinzufügen' }).last().click();
    const group = this.filterArea().getByRole('group', { name: 'Bedingungsgruppe' }).last();
    await this.fillCondition(
      group.getByRole('group', { name: 'Bedingung', exact: true }).first(),
      field,
      operator,
      value,
    );
  }

  private async fillCondition(condition: Locator, field: string, operator: string, value: string) {
    await condition.getByLabel('Feld').selectOption({ label: field });
    await condition.getByLabel('Vergleich').selectOption({ label: operator });
    const input = condition.getByLabel('Wert');
    if ((await input.evaluate((el) => el.tagName)) === 'SELECT') await input.selectOption({ label: value });
    else await input.fill(value);
  }
}
