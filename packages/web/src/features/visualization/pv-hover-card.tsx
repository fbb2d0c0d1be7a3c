import type { ProcessValue, PvConfig } from '@leitwarte/core';
import { Paper, Text } from '@mantine/core';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPvValue, type PvFormatLabels } from '../../lib/format-pv-value';
import { imageFormatter } from './image-format';
import { useLocaleFormat } from '../../lib/format-locale';
import { usePvFormatLabels } from '../../lib/use-pv-format-labels';
import { pvValueStore } from '../../live/pv-value-store';

/** The PV under the pointer, where the pointer is (viewport pixels), and its element's number format. */
export interface Hover {
  key: string;
  x: number;
  y: number;
  /** `data-decimals` of the element, when it sets them. */
  decimals: number | null;
  /** `data-unit` of the element, when it sets one. */
  unit: string | null;
}

/** The value as the image shows it: the element's decimals and unit, else the PV's own format. */
function shownValue(
  value: ProcessValue,
  config: PvConfig | undefined,
  hover: Hover,
  locale: string,
  labels: PvFormatLabels,
): string {
  const general = formatPvValue(value, config ?? { dimension: '', digiDisplayConfig: null }, locale, labels);
  const numeric = value.type === 'DoubleValue' || value.type === 'CounterValue';
  const text = numeric ? imageFormatter(locale, labels)(value, config, hover.decimals) : general.text;
  const unit = numeric ? (hover.unit ?? general.unit) : general.unit;
  return unit ? `${text}\u00a0${unit}` : text;
}

const QUALITY_KEYS = {
  Good: 'quality.good',
  Bad: 'quality.bad',
  Uncertain: 'quality.uncertain',
  Unspecified: 'quality.unspecified',
} as const;

/** Name, value, quality and time of the PV under the pointer; follows its live value. */
export function PvHoverCard({ hover, config }: { hover: Hover; config: PvConfig | undefined }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const labels = usePvFormatLabels();
  const subscribe = useCallback(
    (listener: () => void) => pvValueStore.subscribe(hover.key, listener),
    [hover.key],
  );
  const value = useSyncExternalStore(subscribe, () => pvValueStore.get(hover.key));
  const shown = value ? shownValue(value, config, hover, format.locale, labels) : null;
  // Kept inside the window: left of the pointer near the right edge, above it near the bottom.
  const left = hover.x + 260 > window.innerWidth ? hover.x - 252 : hover.x + 14;
  const top = hover.y + 120 > window.innerHeight ? hover.y - 110 : hover.y + 14;
  return (
    <Paper
      shadow="md"
      withBorder
      p="xs"
      className="pv-hover-card"
      style={{ left, top }}
      role="tooltip"
      data-pv-key={hover.key}
    >
      <Text size="sm" fw={600}>
        {config?.name ?? hover.key}
      </Text>
      <Text size="sm" data-field="value">
        {shown ?? t('pv.noValue')}
      </Text>
      {value ? (
        <>
          <Text size="xs" c="dimmed" data-field="quality">
            {t('processImages.hover.quality', { quality: t(QUALITY_KEYS[value.quality]) })}
          </Text>
          <Text size="xs" c="dimmed" data-field="time">
            {format.dateTime(value.timestamp)}
          </Text>
        </>
      ) : null}
    </Paper>
  );
}
