/** Languages the catalogues exist for; German is the source language and the default (screens §1). */
export const LANGUAGES = ['de', 'en', 'cs', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'de';

/** Locale used for numbers and dates per language; regional variants follow the utilities we serve. */
const INTL_LOCALES: Record<Language, string> = { de: 'de-DE', en: 'en-GB', cs: 'cs-CZ', ru: 'ru-RU' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The Intl locale for a language code as i18next reports it (falls back to the default language). */
export function intlLocale(language: string): string {
  const base = language.split('-')[0];
  return INTL_LOCALES[isLanguage(base) ? base : DEFAULT_LANGUAGE];
}
