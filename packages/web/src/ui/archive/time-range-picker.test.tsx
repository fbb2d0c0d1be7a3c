import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-support/render';
import type { RangeSelection } from './range-selection';
import { TimeRangePicker } from './time-range-picker';

const HOUR = 3_600_000;
const first: RangeSelection = {
  choice: 'custom',
  custom: { start: Date.UTC(2026, 10, 2, 8), end: Date.UTC(2026, 10, 2, 8) + 6 * HOUR },
};
const zoomed: RangeSelection = {
  choice: 'custom',
  custom: { start: first.custom.start + HOUR, end: first.custom.start + 3 * HOUR },
};

const field = (label: string) => screen.getByLabelText(label);
/** As a German user reads a time: 02.11.2026 09:00 (here in the browser's zone, no plant has answered). */
const german = (ms: number) =>
  new Intl.DateTimeFormat('de-DE', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(ms)
    .replace(',', '');

/** The picker under a parent whose value the test sets, as a chart sets it after a zoom. */
function renderPicker(initial: RangeSelection, onChange = vi.fn()) {
  let setValue: (next: RangeSelection) => void = () => {};
  function Parent() {
    const [value, set] = useState(initial);
    setValue = set;
    return <TimeRangePicker value={value} onChange={onChange} native />;
  }
  renderWithProviders(<Parent />);
  return { rerender: (next: RangeSelection) => act(() => setValue(next)) };
}

describe('TimeRangePicker', () => {
  it('shows a range set from outside in its fields, in the German way of writing dates', () => {
    const onChange = vi.fn();
    const view = renderPicker(first, onChange);
    const from = field('Von');
    expect(from.textContent).toBe(german(first.custom.start));
    view.rerender(zoomed);
    // The same field, now showing the new range: followed, not built anew.
    expect(field('Von')).toBe(from);
    expect(from.textContent).toBe(german(zoomed.custom.start));
    expect(field('Bis').textContent).toBe(german(zoomed.custom.end));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('keeps a day picked in the calendar while the value stays the same', async () => {
    const view = renderPicker(first);
    const to = field('Bis');
    fireEvent.click(to);
    const day = await screen.findByRole('button', { name: /^3 November 2026$/ });
    fireEvent.click(day);
    await waitFor(() => expect(to.textContent).toMatch(/^03\.11\.2026 /));
    const picked = to.textContent;
    view.rerender({ ...first, custom: { ...first.custom } });
    expect(field('Bis').textContent).toBe(picked);
  });

  it('hides the custom fields when a quick range is set from outside', () => {
    const view = renderPicker(first);
    expect(screen.queryByLabelText('Von')).not.toBeNull();
    view.rerender({ ...first, choice: 'today' });
    expect(screen.queryByLabelText('Von')).toBeNull();
  });
});
