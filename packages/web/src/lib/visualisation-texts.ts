import i18next from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { visualisation as germanVisualisation } from '../i18n/locales/de.json';

// The plant and its process images are written in German (screens §1): station kinds, PV subtypes,
// state texts, labels and the operators' text messages. The German visualisation catalogue lists
// the known ones; the same keys in the other catalogues hold their translations.
type Groups = typeof germanVisualisation;

/** Collapses whitespace so a text matches however the image or the plant spaced it. */
function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** German text → catalogue key, built once from the German catalogue (the lookup table). */
export const visualisationTexts: ReadonlyMap<string, string> = (() => {
  const table = new Map<string, string>();
  const groups: Groups = germanVisualisation;
  for (const [group, entries] of Object.entries(groups)) {
    for (const [id, german] of Object.entries(entries as Record<string, string>)) {
      const text = normalise(german);
      // The first entry wins: the same German word translates the same way in every group.
      if (!table.has(text)) table.set(text, `visualisation.${group}.${id}`);
    }
  }
  return table;
})();

// "Brunnenpumpe 3", "Wasserkammer 1": a known name followed by a number.
const NUMBERED = /^(.*\S)(\s+\d+[a-zA-Z]?)$/;

// Read straight from the language's bundle: a catalogue not loaded yet gives the German original.
function translated(key: string, language: string): string | null {
  const text: unknown = i18next.getResource(language.split('-')[0] ?? language, 'translation', key);
  return typeof text === 'string' && text !== '' ? text : null;
}

/**
 * A German plant text in the user's language, or the text itself when it is not in the catalogue
 * (names of stations and PVs are proper names and stay as they are).
 */
export function translateVisualisationText(text: string, language: string): string {
  if (language.split('-')[0] === 'de' || text.trim() === '') return text;
  const key = visualisationTexts.get(normalise(text));
  if (key) return translated(key, language) ?? text;
  const numbered = NUMBERED.exec(normalise(text));
  const prefixKey = numbered ? visualisationTexts.get(numbered[1] ?? '') : undefined;
  if (numbered && prefixKey) {
    const prefix = translated(prefixKey, language);
    if (prefix) return `${prefix}${numbered[2] ?? ''}`;
  }
  return text;
}

/** Translates plant texts into the current language; a new function (and a re-render) per language. */
export function useVisualisationText(): (text: string) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useCallback((text: string) => translateVisualisationText(text, language), [language]);
}
