import { Badge } from '@mantine/core';
import type { Quality } from '@leitwarte/core';
import { useTranslation } from 'react-i18next';

const QUALITY_KEYS = {
  Good: 'quality.good',
  Bad: 'quality.bad',
  Uncertain: 'quality.uncertain',
  Unspecified: 'quality.unspecified',
} as const satisfies Record<Quality, string>;

const QUALITY_COLORS: Record<Quality, string> = {
  Good: 'green',
  Bad: 'red',
  Uncertain: 'yellow',
  Unspecified: 'gray',
};

/** The quality of a reading; shown only when it is not Good, so that exceptions stand out. */
export function QualityBadge({ quality }: { quality: Quality }) {
  const { t } = useTranslation();
  if (quality === 'Good') return null;
  return (
    <Badge size="sm" variant={quality === 'Bad' ? 'filled' : 'light'} color={QUALITY_COLORS[quality]}>
      {t(QUALITY_KEYS[quality])}
    </Badge>
  );
}
