import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import {
  DASHBOARD_LAYOUTS,
  MAP_TYPES,
  shownMapType,
  TILED_MAP_TYPES,
  SINGLE_VALUE_STYLES,
  WIDGET_KINDS,
  WIDGET_SIZES,
} from './dashboard-constants.js';
import { browserUrlIssues, checkNotePatch, isWebUrl } from './dashboard-rules.js';
import { DashboardWidgetSchema } from './dashboard-schemas.js';

describe('dashboard vocabulary (screens §2 Dashboard)', () => {
  it('names the widget kinds, layouts, sizes, single-value styles and map types of the spec', () => {
    expect(WIDGET_KINDS).toEqual([
      'SingleValue',
      'Placeholder',
      'Note',
      'Chart',
      'HeatMap',
      'Weather',
      'GoogleMaps',
      'Browser',
      'Webcam',
    ]);
    expect(DASHBOARD_LAYOUTS).toEqual([
      'StackLayout',
      'TableLayout',
      'FlowLayout',
      'FreeLayout',
      'Unspecified',
    ]);
    expect(WIDGET_SIZES).toEqual(['Small', 'Medium', 'Large']);
    expect(SINGLE_VALUE_STYLES).toContain('StateIndicatorText');
    expect(MAP_TYPES).toEqual(['Hybrid', 'Roadmap', 'Satellite', 'Terrain', 'None', 'Unspecified']);
  });

  it('shows None without a base map and Unspecified as the default Roadmap; the others as they are', () => {
    expect(MAP_TYPES.map(shownMapType)).toEqual([
      'Hybrid',
      'Roadmap',
      'Satellite',
      'Terrain',
      null,
      'Roadmap',
    ]);
    expect(TILED_MAP_TYPES).toEqual(MAP_TYPES.filter((t) => shownMapType(t) === t));
  });

  it('a widget carries the fields of its kind', () => {
    const common = { id: 1, title: 'Wetter', size: 'Small', sortIndex: 0, position: null };
    expect(
      Value.Check(DashboardWidgetSchema, {
        ...common,
        kind: 'Weather',
        mode: 'ActualWeather',
        zip: '36037',
        country: 'DE',
      }),
    ).toBe(true);
    expect(
      Value.Check(DashboardWidgetSchema, {
        ...common,
        kind: 'Weather',
        mode: 'Today',
        zip: '36037',
        country: 'DE',
      }),
    ).toBe(false);
    expect(Value.Check(DashboardWidgetSchema, { ...common, kind: 'Webcam' })).toBe(false);
  });
});

describe('dashboard note patch (screens §2 "Notes on the dashboard can be edited and saved", §7)', () => {
  it('accepts id and note, normalising line ends and trailing blanks', () => {
    expect(checkNotePatch({ id: 3, note: 'Schicht A:\r\nPumpe 2 beobachten  \n' })).toEqual({
      ok: true,
      value: { id: 3, note: 'Schicht A:\nPumpe 2 beobachten' },
    });
    expect(checkNotePatch({ id: 3, note: '' })).toMatchObject({ ok: true, value: { note: '' } });
  });

  it('refuses a missing id, a non-string note, an overlong note and control characters', () => {
    expect(checkNotePatch({ note: 'x' })).toMatchObject({ ok: false, issues: [{ field: 'id' }] });
    expect(checkNotePatch({ id: 1, note: 5 })).toMatchObject({ ok: false, issues: [{ field: 'note' }] });
    expect(checkNotePatch({ id: 1, note: 'x'.repeat(4001) })).toMatchObject({
      ok: false,
      issues: [{ field: 'note' }],
    });
    expect(checkNotePatch({ id: 1, note: 'a\u0007b' })).toMatchObject({
      ok: false,
      issues: [{ field: 'note' }],
    });
    expect(checkNotePatch({ id: 0, note: 'x' }).ok).toBe(false);
    expect(checkNotePatch({ id: 1, note: 'x', extra: 1 }).ok).toBe(false);
  });
});

describe('browser widget addresses (screens §5 "only web URLs are supported")', () => {
  it('accepts http and https, refuses file: and text', () => {
    expect(isWebUrl('https://www.dwd.de')).toBe(true);
    expect(isWebUrl('http://intranet/betrieb')).toBe(true);
    expect(isWebUrl('file:///c:/x')).toBe(false);
    expect(browserUrlIssues('www.x')).toEqual([{ field: 'url', message: 'only web URLs are supported' }]);
  });
});
