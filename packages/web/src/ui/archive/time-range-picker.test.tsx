import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-support/render';
import { toLocalInput, type RangeSelection } from './range-selection';
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

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

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
  it('shows a range set from outside in its inputs, in place of what was typed', () => {
    const onChange = vi.fn();
    const view = renderPicker(first, onChange);
    const from = input('Von');
    expect(from.value).toBe(toLocalInput(first.custom.start));
    fireEvent.change(from, { target: { value: '2026-11-01T00:00' } });
    expect(input('Von').value).toBe('2026-11-01T00:00');

    view.rerender(zoomed);
    // The same input element, now showing the new range: followed, not built anew.
    expect(input('Von')).toBe(from);
    expect(from.value).toBe(toLocalInput(zoomed.custom.start));
    expect(input('Bis').value).toBe(toLocalInput(zoomed.custom.end));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('keeps what was typed while the value stays the same', () => {
    const view = renderPicker(first);
    fireEvent.change(input('Bis'), { target: { value: '2026-11-03T00:00' } });
    view.rerender({ ...first, custom: { ...first.custom } });
    expect(input('Bis').value).toBe('2026-11-03T00:00');
  });

  it('hides the custom inputs when a quick range is set from outside', () => {
    const view = renderPicker(first);
    expect(screen.queryByLabelText('Von')).not.toBeNull();
    view.rerender({ ...first, choice: 'today' });
    expect(screen.queryByLabelText('Von')).toBeNull();
  });
});
