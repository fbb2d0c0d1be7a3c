import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from './languages';
import de from './locales/de.json';

const STORAGE_KEY = 'leitwarte.language';

type Catalogue = typeof de;

// German ships in the entry bundle; the other catalogues are fetched on first use so they do not
// weigh on the initial download.
const loaders = import.meta.glob<{ default: Catalogue }>(['./locales/*.json', '!./locales/de.json']);

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = loaders[`./locales/${language}.json`];
    if (!load) {
      callback(new Error(`no catalogue for ${language}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

function storedLanguage(): Language {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    // Storage can be unavailable (privacy mode, embedded web views); German is the default then.
    return DEFAULT_LANGUAGE;
  }
}

function remember(language: string): void {
  document.documentElement.lang = language;
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembering the choice is acceptable; it still applies for this page.
  }
}

let ready: Promise<unknown> | null = null;

/** Initialises i18next once: German bundled, other languages loaded on demand, choice remembered. */
export function initI18n(): Promise<unknown> {
  if (ready) return ready;
  i18next.on('languageChanged', remember);
  ready = i18next
    .use(lazyCatalogues)
    .use(initReactI18next)
    .init({
      lng: storedLanguage(),
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: LANGUAGES,
      load: 'languageOnly',
      resources: { de: { translation: de } },
      partialBundledLanguages: true,
      initAsync: false,
      // React escapes text itself.
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      // Operators' consoles should stay free of advertising.
      showSupportNotice: false,
    });
  return ready;
}

/** Switches the language without a reload; the catalogue is fetched first if needed. */
export function changeLanguage(language: Language): Promise<unknown> {
  return i18next.changeLanguage(language);
}

export { i18next };
