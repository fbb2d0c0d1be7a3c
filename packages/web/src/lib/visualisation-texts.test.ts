import { beforeAll, describe, expect, it } from 'vitest';
import { i18next, initI18n } from '../i18n/i18n';
import { translateVisualisationText, visualisationTexts } from './visualisation-texts';

beforeAll(async () => {
  await initI18n();
  await i18next.loadLanguages(['en', 'cs', 'ru']);
});

describe('translateVisualisationText', () => {
  it.each([
    ['en', 'Waterworks', 'Level', 'Enabled'],
    ['cs', 'Úpravna vody', 'Hladina', 'Uvolněno'],
    ['ru', 'Водопроводная станция', 'Уровень', 'Разрешено'],
  ])('translates station kinds, subtypes and state texts into %s', (language, kind, subtype, state) => {
    expect(translateVisualisationText('Wasserwerk', language)).toBe(kind);
    expect(translateVisualisationText('Füllstand', language)).toBe(subtype);
    expect(translateVisualisationText('Freigegeben', language)).toBe(state);
  });

  it('keeps German texts in German', () => {
    expect(translateVisualisationText('Wasserwerk', 'de')).toBe('Wasserwerk');
  });

  it('keeps texts it does not know, such as names, as the plant wrote them', () => {
    expect(translateVisualisationText('Hochbehälter Lindenberg', 'en')).toBe('Hochbehälter Lindenberg');
    expect(translateVisualisationText('m³/h', 'ru')).toBe('m³/h');
    expect(translateVisualisationText('', 'en')).toBe('');
  });

  it('matches however the text is spaced and keeps a trailing number', () => {
    expect(translateVisualisationText('  Keine   Entlastung ', 'en')).toBe('No overflow');
    expect(translateVisualisationText('Brunnenpumpe 3', 'en')).toBe('Well pump 3');
    expect(translateVisualisationText('Wasserkammer 1', 'cs')).toBe('Vodní komora 1');
  });

  it('translates German unit words but no unit symbols', () => {
    expect(translateVisualisationText('KBE/100 ml', 'en')).toBe('CFU/100 ml');
    expect(translateVisualisationText('°C', 'en')).toBe('°C');
  });

  it('translates the demo plant’s text messages', () => {
    expect(
      translateVisualisationText('Kläranlage Talaue: Gebläse 4 in Revision, nicht zuschalten.', 'en'),
    ).toBe('Sewage treatment plant Talaue: blower 4 under overhaul, do not switch on.');
  });

  it('knows every subtype, state text and station kind of the demo plant', () => {
    const demo = ['Kläranlage', 'Regenüberlaufbecken', 'Druckerhöhungsstation', 'Abwasserpumpwerk'];
    const subtypes = ['Durchfluss', 'Zähler', 'Druck', 'Laufzeit', 'Schaltspiele', 'Wasserqualität'];
    const states = ['Ein', 'Aus', 'Störung', 'OK', 'Gesperrt', 'Offen', 'Geschlossen', 'Automatik', 'Hand'];
    for (const text of [...demo, ...subtypes, ...states]) expect(visualisationTexts.has(text)).toBe(true);
  });
});
