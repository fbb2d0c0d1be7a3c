import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PvFormatLabels } from '../../lib/format-pv-value';
import { intlLocale } from '../../i18n/languages';
import { usePvFormatLabels } from '../../lib/use-pv-format-labels';

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
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const labels = usePvFormatLabels();
  const value = useMemo<PvFormat>(() => ({ locale: intlLocale(language), labels }), [language, labels]);
  return <PvFormatContext.Provider value={value}>{children}</PvFormatContext.Provider>;
}

export function usePvFormat(): PvFormat {
  return useContext(PvFormatContext);
}
