import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-support/render';
import { setPlantTimeZone } from '../../lib/plant-time-zone';
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

const field = (label: string) => screen.getByLabelText<HTMLElement>(label);

// The plant is in Berlin, whatever zone the machine running the test is in.
setPlantTimeZone('Europe/Berlin');

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
  it("shows a range set from outside on the plant's clock, in the same fields", () => {
    const onChange = vi.fn();
    const view = renderPicker(first, onChange);
    const from = field('Von');
    // 08:00 UTC on 2 November is 09:00 in Berlin, written as a German date.
    expect(from.textContent).toBe('02.11.2026 09:00');
    expect(field('Bis').textContent).toBe('02.11.2026 15:00');

    view.rerender(zoomed);
    // The same field, now showing the new range: followed, not built anew.
    expect(field('Von')).toBe(from);
    expect(from.textContent).toBe('02.11.2026 10:00');
    expect(field('Bis').textContent).toBe('02.11.2026 12:00');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('applies the custom range it shows', () => {
    const onChange = vi.fn();
    renderPicker(first, onChange);
    fireEvent.click(screen.getByRole('button', { name: 'Übernehmen' }));
    expect(onChange).toHaveBeenCalledWith({ choice: 'custom', custom: first.custom });
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
