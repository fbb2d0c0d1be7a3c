import { CONTROL_EVENT_KINDS, controlEventKindKey } from '@leitwarte/core';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import cs from '../../i18n/locales/cs.json';
import de from '../../i18n/locales/de.json';
import en from '../../i18n/locales/en.json';
import ru from '../../i18n/locales/ru.json';
import { eventKindText } from './event-kind';
import { readableChange, readableObject, readableValue } from './event-values';

const catalogues = { de, en, cs, ru };

let t: TFunction;
beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'de',
    resources: { de: { translation: de } },
    interpolation: { escapeValue: false },
  });
  t = instance.t.bind(instance) as TFunction;
});

describe('control event kinds in words', () => {
  it.each(Object.entries(catalogues))('%s names every kind the server writes', (_language, catalogue) => {
    const kinds = catalogue.events.kinds as Record<string, string>;
    const unnamed = CONTROL_EVENT_KINDS.filter((kind) => !kinds[controlEventKindKey(kind)]?.trim());
    expect(unnamed).toEqual([]);
    expect(CONTROL_EVENT_KINDS.length).toBeGreaterThan(60);
  });

  it('names system events and audit actions, and says when an attempt was refused', () => {
    expect(eventKindText({ kind: 'alertEngineStarted' }, t)).toBe('Meldungsverarbeitung gestartet');
    expect(eventKindText({ kind: 'limits.set' }, t)).toBe('Grenzwerte geändert');
    expect(eventKindText({ kind: 'chart.update.refused' }, t)).toBe('Diagramm geändert (abgelehnt)');
    expect(eventKindText({ kind: 'access.refused' }, t)).toBe(de.events.kinds.accessRefused);
    // A kind from a newer server is shown as it is named, not as a catalogue key.
    expect(eventKindText({ kind: 'future.thing' }, t)).toBe('future.thing');
  });
});

describe('event objects and values in words', () => {
  const labels = new Map([['AnaIn-100001', { name: 'Füllstand Brunnen 1', eks: '01WW-BR1-LI01' }]]);

  it('names users, alerts and PVs with their limit instead of the stored keys', () => {
    expect(readableObject('user:betrieb', t, labels)).toBe('Benutzer betrieb');
    expect(readableObject('alerts 78', t, labels)).toBe('Meldung 78');
    expect(readableObject('AnaIn-100001/ogw', t, labels)).toBe(
      'Füllstand Brunnen 1 (01WW-BR1-LI01), oberer Grenzwert',
    );
    expect(readableObject('AnaIn-999999', t, labels)).toBe('AnaIn-999999');
    expect(readableObject('systemSettings', t, labels)).toBe('systemSettings');
  });

  it('writes JSON values as fields and values, never as raw JSON', () => {
    const value = readableValue(
      '{"displayName":"Betrieb","disabled":false,"roles":["operator","viewer"]}',
      t,
    );
    expect(value).toBe('displayName: Betrieb, disabled: nein, roles: operator, viewer');
    expect(value).not.toMatch(/[{}"]/);
    expect(readableValue('12.5', t)).toBe('12.5');
    expect(readableValue('{broken', t)).toBe('{broken');
  });

  it('shows a change as old → new', () => {
    expect(readableChange('1.5', '2', t)).toBe('1.5 → 2');
    expect(readableChange(null, '{"active":true}', t)).toBe('active: ja');
    expect(readableChange(null, null, t)).toBe('');
  });
});
