import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from './languages';
import type { CatalogueTree } from './catalogue';
import * as bundledAreas from './bundled-german';

const STORAGE_KEY = 'leitwarte.language';

// One catalogue per language (locales/<language>.json). German ships in the entry bundle, except
// the texts of the screens that load on demand (DEFERRED_AREAS: charts, event archive, user
// administration): those come with their screens (ensureDeferredCatalogues), so the login's first
// download stays within its budget. The bundle keeps of de.json only the areas bundled-german.ts
// names; the navigation labels of the deferred screens are under `nav`, which is bundled. A plain
// copy: i18next adds the deferred areas to it later.
export const bundledGerman: CatalogueTree = { ...bundledAreas };

/** Top-level areas of the German catalogue that load with their screens. */
export const DEFERRED_AREAS = [
  'charts',
  'events',
  'admin',
  'remoteAlarm',
  'webcams',
  'processImages',
  'dashboard',
  'maintenance',
  'reports',
] as const;

// A module of its own (the query), so the entry's import of de.json does not carry these areas;
// destructured, so the chunk holds only them.
async function loadDeferredGerman(): Promise<CatalogueTree> {
  const { charts, events, admin, remoteAlarm, webcams, processImages, dashboard, maintenance, reports } =
    await import('./locales/de.json?deferred');
  return {
    charts,
    events,
    admin,
    remoteAlarm,
    webcams,
    processImages,
    dashboard,
    maintenance,
    reports,
  } satisfies Record<(typeof DEFERRED_AREAS)[number], CatalogueTree>;
}

const loaders = import.meta.glob<CatalogueTree>(['./locales/*.json', '!./locales/de.json'], {
  import: 'default',
});

/** Loads a language's catalogue (other than German). */
async function loadCatalogue(language: string): Promise<CatalogueTree | null> {
  const load = loaders[`./locales/${language}.json`];
  return load ? await load() : null;
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
      resources: { de: { translation: bundledGerman } },
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
  deferred ??= loadDeferredGerman().then((texts) => {
    i18next.addResourceBundle(DEFAULT_LANGUAGE, 'translation', texts, true, false);
  });
  return deferred;
}

/** Switches the language without a reload; the catalogue is fetched first if needed. */
export function changeLanguage(language: Language): Promise<unknown> {
  return i18next.changeLanguage(language);
}

export { i18next };
