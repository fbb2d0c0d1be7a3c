import { QUICK_RANGES, type TimeRangeChoice } from '@leitwarte/core';
import { Button, Group, NativeSelect, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../date-time-field';
import type { RangeSelection } from './range-selection';

const CHOICES: readonly TimeRangeChoice[] = [...QUICK_RANGES, 'custom'];
/** The option of a named span; no quick range is called so. */
const SPAN = 'span';

/**
 * Quick ranges of screens §9 and a custom start and end; a custom range applies on confirm.
 * `native`: the range is chosen in the browser's own select, which renders in a fraction of the
 * time of the searchable one (a chart screen renders it together with the plot).
 */
export function TimeRangePicker({
  value,
  onChange,
  native = false,
}: {
  value: RangeSelection;
  onChange: (selection: RangeSelection) => void;
  native?: boolean;
}) {
  const { t } = useTranslation();
  const [from, setFrom] = useState<number | null>(value.custom.start);
  const [to, setTo] = useState<number | null>(value.custom.end);
  // A named span (a chart's own) is chosen as such; its start and end are not for editing.
  const [custom, setCustom] = useState(value.choice === 'custom' && !value.span);
  // A range set from outside (a zoom of the chart, a reset) shows at once, replacing what was
  // typed: adjusted while rendering, not by remounting, which would build the inputs anew.
  const shownValue = `${value.choice}|${value.custom.start}|${value.custom.end}|${value.span ?? ''}`;
  const [followed, setFollowed] = useState(shownValue);
  if (followed !== shownValue) {
    setFollowed(shownValue);
    setFrom(value.custom.start);
    setTo(value.custom.end);
    setCustom(value.choice === 'custom' && !value.span);
  }
  const start = from;
  const end = to;
  const invalid = start === null || end === null || start >= end;
  const label = (choice: TimeRangeChoice) =>
    choice === 'custom' ? t('list.range.custom') : t(`list.range.quick.${choice}`);

  const named = value.choice === 'custom' && value.span ? value.span : null;
  const choices = [
    ...(named ? [{ value: SPAN, label: t('list.range.span', { span: named }) }] : []),
    ...CHOICES.map((choice) => ({ value: choice, label: label(choice) })),
  ];
  const chosen = custom ? 'custom' : named ? SPAN : value.choice;
  const choose = (next: string) => {
    if (next === 'custom') setCustom(true);
    else if (next === SPAN) setCustom(false);
    else {
      setCustom(false);
      onChange({ ...value, choice: next as TimeRangeChoice });
    }
  };

  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      {native ? (
        <NativeSelect
          label={t('list.range.label')}
          w={260}
          data={choices}
          value={chosen}
          onChange={(event) => choose(event.currentTarget.value)}
        />
      ) : (
        <Select
          label={t('list.range.label')}
          w={260}
          allowDeselect={false}
          data={choices}
          value={chosen}
          onChange={(next) => {
            if (next !== null) choose(next);
          }}
        />
      )}
      {custom ? (
        <>
          <DateTimeField label={t('list.range.from')} value={from} onChange={setFrom} testId="range-from" />
          <DateTimeField label={t('list.range.to')} value={to} onChange={setTo} testId="range-to" />
          <Button
            variant="light"
            disabled={invalid}
            onClick={() => {
              if (start !== null && end !== null) onChange({ choice: 'custom', custom: { start, end } });
            }}
          >
            {t('list.range.apply')}
          </Button>
          {invalid ? (
            <Text size="sm" c="red" role="alert">
              {t('list.range.invalid')}
            </Text>
          ) : null}
        </>
      ) : null}
    </Group>
  );
}
