import { Button, Checkbox, Popover, Stack } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataListColumn } from './types';
import { defaultVisibleColumnIds } from './visible-columns';

interface Props<Row> {
  columns: readonly DataListColumn<Row>[];
  visibleColumnIds: readonly string[];
  onChange: (ids: string[]) => void;
}

/**
 * Chooses the columns shown: one box per column, in the columns' order; the last visible column
 * cannot be hidden. A reset returns to the default columns. Memoised: a live change of the list's
 * rows does not render it again.
 */
function Chooser<Row>({ columns, visibleColumnIds, onChange }: Props<Row>) {
  const { t } = useTranslation();
  const visible = new Set(visibleColumnIds);
  const toggle = (id: string, show: boolean) => {
    const next = new Set(visible);
    if (show) next.add(id);
    else next.delete(id);
    onChange(columns.filter((column) => next.has(column.id)).map((column) => column.id));
  };
  const shownCount = columns.filter((column) => visible.has(column.id)).length;
  return (
    // Kept open while the user works in it, even when the toolbar with its button scrolls away.
    <Popover position="bottom-end" shadow="md" trapFocus hideDetached={false}>
      <Popover.Target>
        <Button size="xs" variant="default">
          {t('list.columns.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-label={t('list.columns.title')}>
          {columns.map((column) => {
            const checked = visible.has(column.id);
            return (
              <Checkbox
                key={column.id}
                size="xs"
                label={column.label}
                checked={checked}
                disabled={checked && shownCount === 1}
                onChange={(event) => toggle(column.id, event.currentTarget.checked)}
              />
            );
          })}
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => onChange(defaultVisibleColumnIds(columns))}
          >
            {t('list.columns.reset')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The column chooser (memoised). */
export const ColumnChooser = memo(Chooser) as typeof Chooser;
