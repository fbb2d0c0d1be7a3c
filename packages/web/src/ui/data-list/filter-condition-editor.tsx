import { CloseButton, Group, NativeSelect, NumberInput, TextInput } from '@mantine/core';
import type { FilterCondition, FilterOperator } from '@leitwarte/core';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../date-time/date-time-field';
import { changeField, OPERATORS_BY_TYPE } from './filter-operators';
import type { FilterField } from './types';

interface Props {
  fields: readonly FilterField[];
  condition: FilterCondition;
  onChange: (condition: FilterCondition) => void;
  onRemove: () => void;
}

/** One condition: field, operator (those of the field's type) and a value input for the type. */
export function FilterConditionEditor({ fields, condition, onChange, onRemove }: Props) {
  const { t } = useTranslation();
  const field = fields.find((f) => f.id === condition.field) ?? fields[0];
  if (!field) return null;
  const operators = OPERATORS_BY_TYPE[field.type];
  const operatorLabel = (operator: FilterOperator) =>
    field.type === 'date'
      ? t(`list.filter.dateOperators.${operator as 'lt' | 'lte' | 'gt' | 'gte'}`)
      : t(`list.filter.operators.${operator}`);
  const setValue = (value: FilterCondition['value']) => onChange({ ...condition, value });
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end" role="group" aria-label={t('list.filter.condition')}>
      <NativeSelect
        size="xs"
        aria-label={t('list.filter.field')}
        value={field.id}
        data={fields.map((f) => ({ value: f.id, label: f.label }))}
        onChange={(event) => {
          const next = fields.find((f) => f.id === event.currentTarget.value);
          if (next) onChange(changeField(condition, next));
        }}
      />
      <NativeSelect
        size="xs"
        aria-label={t('list.filter.operator')}
        value={condition.operator}
        data={operators.map((operator) => ({ value: operator, label: operatorLabel(operator) }))}
        onChange={(event) =>
          onChange({ ...condition, operator: event.currentTarget.value as FilterOperator })
        }
      />
      <ValueInput field={field} value={condition.value} onChange={setValue} />
      <CloseButton size="sm" aria-label={t('list.filter.remove')} onClick={onRemove} />
    </Group>
  );
}

interface ValueProps {
  field: FilterField;
  value: FilterCondition['value'];
  onChange: (value: FilterCondition['value']) => void;
}

function ValueInput({ field, value, onChange }: ValueProps) {
  const { t } = useTranslation();
  const label = t('list.filter.value');
  switch (field.type) {
    case 'number':
      return (
        <NumberInput
          size="xs"
          aria-label={label}
          value={typeof value === 'number' ? value : ''}
          onChange={(next) => onChange(typeof next === 'number' ? next : null)}
        />
      );
    case 'date':
      return (
        <DateTimeField
          size="xs"
          ariaLabel={label}
          value={typeof value === 'number' ? value : null}
          onChange={onChange}
        />
      );
    case 'choice': {
      const choices = field.choices ?? [];
      return (
        <NativeSelect
          size="xs"
          aria-label={label}
          value={value === null ? '' : String(value)}
          data={[
            { value: '', label: t('list.filter.any') },
            ...choices.map((c) => ({ value: String(c.value), label: c.label })),
          ]}
          onChange={(event) => {
            const text = event.currentTarget.value;
            onChange(choices.find((c) => String(c.value) === text)?.value ?? null);
          }}
        />
      );
    }
    default:
      return (
        <TextInput
          size="xs"
          aria-label={label}
          value={typeof value === 'string' ? value : value === null ? '' : String(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
  }
}
