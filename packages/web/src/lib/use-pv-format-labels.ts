import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PvFormatLabels } from './format-pv-value';
import { useVisualisationText } from './visualisation-texts';

/** The texts value formatting needs, in the user's language; a new object only when it changes. */
export function usePvFormatLabels(): PvFormatLabels {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const plantText = useVisualisationText();
  return useMemo(
    () => ({
      active: t('pv.state.active'),
      inactive: t('pv.state.inactive'),
      hours: t('pv.units.hours'),
      cycles: t('pv.units.cycles'),
      invalid: t('pv.invalid'),
      failure: [t('pv.failure.none'), t('pv.failure.active'), t('pv.failure.acknowledged')],
      plantText,
    }),
    // The language stands for the catalogue t reads from.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, language, plantText],
  );
}
