import { Button, CloseButton, Group, Paper, SegmentedControl, Stack } from '@mantine/core';
import type { FilterCondition, FilterGroup } from '@leitwarte/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterConditionEditor } from './filter-condition-editor';
import { countConditions, newCondition } from './filter-operators';
import type { FilterBarProps, FilterField } from './types';

/** How deep groups may nest in the bar (the top group is depth 0). */
const MAX_DEPTH = 2;

/**
 * Builds a filter (screens §5): conditions and nested groups combined with and/or. A condition
 * without a value matches everything, so a half-built filter hides nothing. Memoised: a live
 * change of the list's rows does not render the bar again.
 */
export const FilterBar = memo(function FilterBar({ fields, value, onChange }: FilterBarProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" role="group" aria-label={t('list.filter.title')}>
      <GroupEditor fields={fields} group={value} onChange={onChange} depth={0} />
    </Stack>
  );
});

interface GroupProps {
  fields: readonly FilterField[];
  group: FilterGroup;
  onChange: (group: FilterGroup) => void;
  depth: number;
  onRemove?: () => void;
}

function GroupEditor({ fields, group, onChange, depth, onRemove }: GroupProps) {
  const { t } = useTranslation();
  const first = fields[0];
  const replace = (index: number, entry: FilterCondition | FilterGroup | null) =>
    onChange({
      ...group,
      filters:
        entry === null ? group.filters.filter((_e, i) => i !== index) : group.filters.with(index, entry),
    });
  const add = (entry: FilterCondition | FilterGroup) =>
    onChange({ ...group, filters: [...group.filters, entry] });
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <SegmentedControl
          size="xs"
          aria-label={t('list.filter.logic.label')}
          value={group.logic}
          onChange={(logic) => onChange({ ...group, logic: logic === 'or' ? 'or' : 'and' })}
          data={[
            { value: 'and', label: t('list.filter.logic.and') },
            { value: 'or', label: t('list.filter.logic.or') },
          ]}
        />
        {onRemove ? (
          <CloseButton size="sm" aria-label={t('list.filter.removeGroup')} onClick={onRemove} />
        ) : null}
      </Group>
      {group.filters.map((entry, index) =>
        'logic' in entry ? (
          <Paper key={index} withBorder p="xs" role="group" aria-label={t('list.filter.group')}>
            <GroupEditor
              fields={fields}
              group={entry}
              depth={depth + 1}
              onChange={(next) => replace(index, next)}
              onRemove={() => replace(index, null)}
            />
          </Paper>
        ) : (
          <FilterConditionEditor
            key={index}
            fields={fields}
            condition={entry}
            onChange={(next) => replace(index, next)}
            onRemove={() => replace(index, null)}
          />
        ),
      )}
      {first ? (
        <Group gap="xs">
          <Button size="compact-xs" variant="light" onClick={() => add(newCondition(first))}>
            {t('list.filter.add')}
          </Button>
          {depth < MAX_DEPTH ? (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() =>
                add({ logic: group.logic === 'and' ? 'or' : 'and', filters: [newCondition(first)] })
              }
            >
              {t('list.filter.addGroup')}
            </Button>
          ) : null}
          {depth === 0 && countConditions(group) > 0 ? (
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              onClick={() => onChange({ ...group, filters: [] })}
            >
              {t('list.filter.clear')}
            </Button>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}
