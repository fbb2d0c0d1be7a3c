import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/i18n';
import { LANGUAGES, isLanguage, type Language } from '../i18n/languages';

const LANGUAGE_KEYS = {
  de: 'language.de',
  en: 'language.en',
  cs: 'language.cs',
  ru: 'language.ru',
} as const satisfies Record<Language, string>;

/** Switches the interface language at once, without a reload. */
export function LanguageSwitch({ size = 'sm' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  return (
    <NativeSelect
      size={size}
      aria-label={t('language.label')}
      value={isLanguage(current) ? current : 'de'}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLanguage(next)) void changeLanguage(next);
      }}
      data={LANGUAGES.map((language) => ({ value: language, label: t(LANGUAGE_KEYS[language]) }))}
    />
  );
}
