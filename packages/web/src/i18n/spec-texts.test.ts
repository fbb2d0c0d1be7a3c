import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CatalogueTree } from './catalogue';

// The texts the specification gives word for word, copied from it. A dialog title listed there as
// a bullet keeps its wording without the list's closing full stop; placeholders ({0}, {value}) are
// compared by position only, since the catalogues name them ({{min}}, {{action}}).
const SPEC_GERMAN_TEXTS = [
  // Dialogs
  'Fehlerhafter Pfad',
  'Störmeldungen konnten nicht quittiert werden',
  'Störeingang wurde nicht quittiert',
  'Pläne wurden nicht quittiert',
  'Aktion konnte nicht durchgeführt werden',
  'Werte wurden nicht gespeichert',
  'Pläne wurden nicht gespeichert',
  'Zähler wurden nicht zurückgesetzt',
  'Laufzeitwerte konnten nicht gesetzt werden',
  'Werte sind außerhalb der Grenzwerte',
  'Prozessvariable konnte nicht geladen werden',
  '{type} {nr} konnte nicht geladen werden.',
  'Laufzeiten für {type} {nr} konnten nicht geladen werden',
  'Die Aktion {0} wird im Webclient nicht unterstützt.',
  // Success info
  'Prioritätenausgänge erfolgreich quittiert',
  'Keine Prioritätenausgänge zum Quittieren vorhanden',
  // Validation
  'Ungültiges Datum',
  'Prioritäten müssen zwischen 0 und 9 liegen.',
  'Verzögerungszeiten müssen zwischen 0 und 65535 liegen.',
  'Der Wert {value} liegt unter dem Minimalwert von {0}',
  'Der Wert {value} liegt über dem Maximalwert von {0}',
  'Der untere Grenzwert darf nicht über anderen Grenzwerten liegen.',
  'Der untere mittlere Grenzwert darf nicht über dem oberem mittlerem Grenzwert liegen',
  'Der ober Grenzwert darf nicht unter anderen Grenzwerten liegen.',
  'Wert darf nicht leer sein.',
  'Wert darf nicht negativ sein.',
  'Keine PV-Bereiche für ausgewählte Station vorhanden.',
  // Rights
  'Der angemeldete Benutzer besitzt keine Rechte zum Quittieren.',
  // Failed replies made by the client
  'Netzwerkfehler',
  'Netzwerkfehler: {cause}',
  'Server-/Netzwerkfehler',
];

// The call layer gives these in English only; the English catalogue must hold them as written.
const SPEC_ENGLISH_TEXTS = [
  'Error during get rueb configs.',
  'Error during get rueb events.',
  'Error during get alarm plans.',
  'Error saving callnumbers state.',
];

const localesDir = join(dirname(fileURLToPath(import.meta.url)), 'locales');
function textsOf(language: string): Set<string> {
  const tree = JSON.parse(readFileSync(join(localesDir, `${language}.json`), 'utf8')) as CatalogueTree;
  const texts = new Set<string>();
  const walk = (node: CatalogueTree) => {
    for (const value of Object.values(node)) {
      if (typeof value === 'string') texts.add(normalise(value));
      else walk(value);
    }
  };
  walk(tree);
  return texts;
}

/** Placeholders of either style become one token, so only the wording around them is compared. */
function normalise(text: string): string {
  return text.replace(/\{\{\s*\w+\s*\}\}|\{\w+\}/g, '{}');
}

describe('catalogue texts given by the specification', () => {
  it('the German catalogue holds every German text of the specification word for word', () => {
    const german = textsOf('de');
    expect(SPEC_GERMAN_TEXTS.length).toBe(31);
    expect(SPEC_GERMAN_TEXTS.filter((text) => !german.has(normalise(text)))).toEqual([]);
  });

  it('the English catalogue holds the texts the specification gives in English', () => {
    const english = textsOf('en');
    expect(SPEC_ENGLISH_TEXTS.filter((text) => !english.has(normalise(text)))).toEqual([]);
  });

  it('notices a text missing from the catalogue', () => {
    expect(textsOf('de').has(normalise('Werte wurden nicht gespeichert.'))).toBe(false);
  });
});
