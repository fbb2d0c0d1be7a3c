import type de from './locales/de.json';

// Typed keys: a `t('…')` call with a key missing from the German catalogue fails type checking.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof de;
    };
  }
}
