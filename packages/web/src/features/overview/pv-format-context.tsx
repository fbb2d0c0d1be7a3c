import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PvFormatLabels } from '../../lib/format-pv-value';
import { intlLocale } from '../../i18n/languages';
import { useVisualisationText } from '../../lib/visualisation-texts';

interface PvFormat {
  locale: string;
  labels: PvFormatLabels;
}

const PvFormatContext = createContext<PvFormat>({
  locale: 'de-DE',
  labels: { active: '', inactive: '', hours: 'h', cycles: '', invalid: '', failure: ['', '', ''] },
});

/**
 * Locale and texts for value cells, resolved once per language instead of in each of hundreds of
 * cells; cells then re-render only for their own value or a language change.
 */
export function PvFormatProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const plantText = useVisualisationText();
  const value = useMemo<PvFormat>(
    () => ({
      locale: intlLocale(language),
      labels: {
        active: t('pv.state.active'),
        inactive: t('pv.state.inactive'),
        hours: t('pv.units.hours'),
        cycles: t('pv.units.cycles'),
        invalid: t('pv.invalid'),
        failure: [t('pv.failure.none'), t('pv.failure.active'), t('pv.failure.acknowledged')],
        plantText,
      },
    }),
    [t, language, plantText],
  );
  return <PvFormatContext.Provider value={value}>{children}</PvFormatContext.Provider>;
}

export function usePvFormat(): PvFormat {
  return useContext(PvFormatContext);
}
