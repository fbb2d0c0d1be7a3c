import { Select } from '@mantine/core';

const LIMITS = [100, 500, 1000, 2000, 5000, 10_000, 50_000, 100_000];

/**
 * How many entries one request loads: the plant's request limit (which also caps what may be
 * asked for) or a smaller or larger number.
 */
export function LimitSelect({
  label,
  defaultLabel,
  value,
  onChange,
}: {
  label: string;
  defaultLabel: string;
  value: number | undefined;
  onChange: (limit: number | undefined) => void;
}) {
  return (
    <Select
      label={label}
      w={200}
      allowDeselect={false}
      data={[
        { value: 'default', label: defaultLabel },
        ...LIMITS.map((n) => ({ value: String(n), label: n.toLocaleString() })),
      ]}
      value={value === undefined ? 'default' : String(value)}
      onChange={(next) => onChange(next === null || next === 'default' ? undefined : Number(next))}
    />
  );
}
