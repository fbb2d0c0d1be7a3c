import { Group, Text } from '@mantine/core';
import { pvKey, qualityKey, type PvConfig } from '@leitwarte/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPvValue } from '../../lib/format-pv-value';
import { usePvValue } from '../../live/use-pv-value';
import { QualityBadge } from '../quality-badge';
import { usePvFormat } from './pv-format-context';
import './pv-value.css';

/**
 * One live reading. It subscribes to its own PV only, so a new value re-renders this cell and nothing
 * else. `data-pv` and `data-quality` let browser tests find it.
 */
export const PvValueCell = memo(function PvValueCell({ config }: { config: PvConfig }) {
  const key = pvKey(config.pvRef);
  const value = usePvValue(key);
  const { locale, labels } = usePvFormat();
  const { t } = useTranslation();

  if (!value) {
    return (
      <Text span size="sm" c="dimmed" data-pv={key}>
        {t('pv.noValue')}
      </Text>
    );
  }
  const display = formatPvValue(value, config, locale, labels);
  const quality = qualityKey(value.quality);
  return (
    <Group
      component="span"
      gap={6}
      justify="flex-end"
      wrap="nowrap"
      className={quality ? `pv-value ${quality}` : 'pv-value'}
      data-pv={key}
      data-quality={value.quality}
    >
      <span className="pv-value__reading">
        {display.text}
        {display.unit ? <span className="pv-value__unit"> {display.unit}</span> : null}
      </span>
      <QualityBadge quality={value.quality} />
    </Group>
  );
});
