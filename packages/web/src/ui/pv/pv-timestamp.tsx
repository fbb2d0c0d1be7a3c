import { pvKey, type PvRef } from '@leitwarte/core';
import { Text } from '@mantine/core';
import { memo } from 'react';
import { useLocaleFormat } from '../../lib/format-locale';
import { usePvValue } from '../../live/use-pv-value';

/** The time of a PV's current value, live; re-renders only for this PV. */
export const PvTimestamp = memo(function PvTimestamp({ pvRef }: { pvRef: PvRef }) {
  const key = pvKey(pvRef);
  const value = usePvValue(key);
  const { dateTime } = useLocaleFormat();
  return (
    <Text span size="xs" c="dimmed" data-pv-time={key}>
      {value ? dateTime(value.timestamp) : '–'}
    </Text>
  );
});
