import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from './languages';
import { mergeCatalogue, type CatalogueTree } from './catalogue';

const STORAGE_KEY = 'leitwarte.language';

// German ships in the entry bundle; the other catalogues are fetched on first use so they do not
// weigh on the initial download. Each language is a folder with one file per feature area.
// The German texts of screens that load on demand (charts, event archive, user administration)
// are the exception: those screens fetch them with their code (ensureDeferredCatalogues), so the
// login's first download stays within its budget. Texts the shell shows for them (navigation
// labels) are in navigation.json, which is bundled.
const germanFiles = import.meta.glob<CatalogueTree>(
  [
    './locales/de/*.json',
    '!./locales/de/charts*.json',
    '!./locales/de/events.json',
    '!./locales/de/admin.json',
  ],
  { eager: true, import: 'default' },
);
const deferredGermanFiles = import.meta.glob<CatalogueTree>(
  ['./locales/de/charts*.json', './locales/de/events.json', './locales/de/admin.json'],
  { import: 'default' },
);
const de = mergeCatalogue(germanFiles);
const loaders = import.meta.glob<CatalogueTree>(['./locales/*/*.json', '!./locales/de/*.json'], {
  import: 'default',
});

/** Loads every file of a language's folder and merges them. */
async function loadCatalogue(language: string): Promise<CatalogueTree | null> {
  const prefix = `./locales/${language}/`;
  const files = Object.entries(loaders).filter(([file]) => file.startsWith(prefix));
  if (files.length === 0) return null;
  const trees = await Promise.all(files.map(async ([file, load]) => [file, await load()] as const));
  return mergeCatalogue(Object.fromEntries(trees));
}

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    loadCatalogue(language).then(
      (catalogue) =>
        catalogue === null
          ? callback(new Error(`no catalogue for ${language}`), false)
          : callback(null, catalogue),
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

let deferred: Promise<void> | null = null;

/**
 * Adds the German texts that are not in the entry bundle. Screens that use them await this
 * before they render; other languages hold all their texts already (loaded as a whole).
 */
export function ensureDeferredCatalogues(): Promise<void> {
  deferred ??= Promise.all(
    Object.entries(deferredGermanFiles).map(async ([file, load]) => [file, await load()] as const),
  ).then((trees) => {
    i18next.addResourceBundle(
      DEFAULT_LANGUAGE,
      'translation',
      mergeCatalogue(Object.fromEntries(trees)),
      true,
      false,
    );
  });
  return deferred;
}

/** Switches the language without a reload; the catalogue is fetched first if needed. */
export function changeLanguage(language: Language): Promise<unknown> {
  return i18next.changeLanguage(language);
}

export { i18next };
