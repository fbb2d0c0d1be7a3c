import { Text } from '@mantine/core';

/** A figure of a station panel: a small grey label above the value in tabular digits. */
export function LabelledValue({ label, value, field }: { label: string; value: string; field?: string }) {
  return (
    <div data-field={field}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </div>
  );
}
