import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CatalogueTree as Tree } from './catalogue';
import { DEFERRED_AREAS, bundledGerman } from './i18n';

// A path string, not `new URL`: under jsdom the global URL is not the one node:url accepts.
const localesDir = join(dirname(fileURLToPath(import.meta.url)), 'locales');
const LANGUAGES = ['de', 'en', 'cs', 'ru'] as const;
const textOf = (language: string) => readFileSync(join(localesDir, `${language}.json`), 'utf8');
const catalogueOf = (language: string): Tree => JSON.parse(textOf(language)) as Tree;

/**
 * The keys an object of a JSON text holds twice, as dotted paths. JSON.parse keeps the last of
 * them without a word, so a second `charts` area would take the place of the first.
 */
function repeatedKeys(text: string): string[] {
  const tokens = text.match(/"(?:[^"\\]|\\.)*"|[{}:]/g) ?? [];
  const objects: { path: string; keys: Set<string> }[] = [];
  const repeated: string[] = [];
  let lastKeyPath = '';
  tokens.forEach((token, i) => {
    if (token === '{') objects.push({ path: lastKeyPath, keys: new Set() });
    else if (token === '}') objects.pop();
    else if (tokens[i + 1] === ':') {
      const object = objects[objects.length - 1];
      if (!object) return;
      const key = JSON.parse(token) as string;
      lastKeyPath = object.path ? `${object.path}.${key}` : key;
      if (object.keys.has(key)) repeated.push(lastKeyPath);
      object.keys.add(key);
    }
  });
  return repeated;
}
const de = catalogueOf('de');
const [en, cs, ru] = ['en', 'cs', 'ru'].map(catalogueOf) as [Tree, Tree, Tree];

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') result.set(path, value);
    else for (const [k, v] of flatten(value, path)) result.set(k, v);
  }
  return result;
}

const german = flatten(de);
const others = { en: flatten(en), cs: flatten(cs), ru: flatten(ru) };

// Count texts are i18next plurals: one key per CLDR plural category of the language (`_one`,
// `_few`, …), chosen by Intl.PluralRules; German's categories are not Russian's.
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const baseKey = (key: string) => key.replace(PLURAL_SUFFIX, '');
const baseKeys = (catalogue: Map<string, string>) => new Set([...catalogue.keys()].map(baseKey));
/** The plural keys of a catalogue: base key → the categories it has. */
function pluralKeys(catalogue: Map<string, string>): Map<string, string[]> {
  const result = new Map<string, string[]>();
  for (const key of catalogue.keys()) {
    const match = PLURAL_SUFFIX.exec(key);
    if (!match) continue;
    const base = baseKey(key);
    result.set(base, [...(result.get(base) ?? []), match[1] as string].sort());
  }
  return result;
}
/** German's text of a key, or of its plural's `other` form. */
const germanText = (key: string) => german.get(key) ?? german.get(`${baseKey(key)}_other`);
const inGerman = (key: string) => german.has(key) || german.has(`${key}_other`);
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const srcDir = join(dirname(fileURLToPath(import.meta.url)), '..');
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}
const sources = sourceFiles(srcDir).map((path) => ({ path, text: readFileSync(path, 'utf8') }));

describe('catalogues', () => {
  it('one catalogue file per language', () => {
    expect(readdirSync(localesDir).sort()).toEqual(['cs.json', 'de.json', 'en.json', 'ru.json']);
  });

  it('finds a key written twice in one object', () => {
    const text = '{"x": {"y": "a: {b}", "z": {"y": "c"}, "y": "d"}, "w": "e", "w": "f"}';
    expect(repeatedKeys(text)).toEqual(['x.y', 'w']);
  });

  it.each(LANGUAGES)('%s writes no key twice', (language) => {
    expect(repeatedKeys(textOf(language))).toEqual([]);
  });

  it('bundles every German area but those that load with their screens', () => {
    const bundled = Object.keys(bundledGerman);
    expect(bundled.filter((area) => (DEFERRED_AREAS as readonly string[]).includes(area))).toEqual([]);
    expect([...bundled, ...DEFERRED_AREAS].sort()).toEqual(Object.keys(de).sort());
    for (const area of bundled) expect(bundledGerman[area]).toEqual(de[area]);
  });

  it.each(Object.entries(others))('%s has exactly the keys of German', (_language, catalogue) => {
    const ours = baseKeys(catalogue);
    const theirs = baseKeys(german);
    expect([...theirs].filter((key) => !ours.has(key))).toEqual([]);
    expect([...ours].filter((key) => !theirs.has(key))).toEqual([]);
  });

  it.each(Object.entries({ de: german, ...others }))(
    '%s words every count text in each plural category of the language',
    (language, catalogue) => {
      const categories = [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();
      const germanPlurals = [...pluralKeys(german).keys()];
      expect(germanPlurals.length).toBeGreaterThan(5);
      const plurals = pluralKeys(catalogue);
      const wrong = germanPlurals.filter((key) => plurals.get(key)?.join() !== categories.join());
      expect(wrong).toEqual([]);
    },
  );

  it.each(Object.entries({ de: german, ...others }))('%s has no empty text', (_language, catalogue) => {
    expect([...catalogue].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
  });

  it.each(Object.entries(others))('%s uses the same placeholders as German', (_language, catalogue) => {
    const mismatched = [...catalogue].filter(
      ([key, text]) => placeholders(text).join() !== placeholders(germanText(key) ?? '').join(),
    );
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  it('scans a meaningful number of source files', () => {
    expect(sources.length).toBeGreaterThan(20);
  });

  it('every t("…") key used in the source exists in de.json', () => {
    const used = sources.flatMap(({ path, text }) =>
      [...text.matchAll(/\bt\(\s*['"`]([^'"`$]+)['"`]/g)].map((m) => ({ path, key: m[1] ?? '' })),
    );
    expect(used.length).toBeGreaterThan(30);
    expect(used.filter(({ key }) => !inGerman(key))).toEqual([]);
  });

  it('every catalogue-like key literal (e.g. in lookup tables) exists in de.json', () => {
    const namespaces = Object.keys(de).join('|');
    const pattern = new RegExp(`['"\`]((?:${namespaces})\\.[A-Za-z0-9_.]+)['"\`]`, 'g');
    const used = sources.flatMap(({ path, text }) =>
      [...text.matchAll(pattern)].map((m) => ({ path, key: m[1] ?? '' })),
    );
    expect(used.filter(({ key }) => !inGerman(key))).toEqual([]);
  });
});
