import {
  isWebUrl,
  schemaIssues,
  type DashboardWidgetInput,
  type InputIssue,
  type PvRef,
} from '@leitwarte/core';
import type { TSchema } from 'typebox';
import type { SavedWidget, WidgetRecord } from '../../store/dashboards/index.js';
import { InputRefusedError } from '../charts/input-refused.js';

/** What a saved widget may refer to: the plant's PVs, stations, webcams and the stored charts. */
export interface DashboardReferences {
  pvExists(ref: PvRef): boolean;
  stationExists(nr: number): boolean;
  webcamExists(id: number): Promise<boolean>;
  chartExists(id: number): Promise<boolean>;
}

/** Checks input against a schema; refuses it naming the fields. */
export function checkSchema<T>(schema: TSchema, input: unknown): T {
  const issues = schemaIssues(schema, input);
  if (issues.length > 0) throw new InputRefusedError('invalid', issues);
  return input as T;
}

/** The stored settings of a widget: exactly the fields of its kind (as toWidget gives them back). */
function settingsOf(w: DashboardWidgetInput): Record<string, unknown> {
  switch (w.kind) {
    case 'SingleValue':
      return { pv: w.pv, style: w.style, min: w.min, max: w.max };
    case 'Chart':
      return { chartId: w.chartId };
    case 'HeatMap':
      return { pvs: w.pvs, min: w.min, max: w.max };
    case 'Weather':
      return { mode: w.mode, zip: w.zip, country: w.country };
    case 'GoogleMaps':
      return {
        mapType: w.mapType,
        latitude: w.latitude,
        longitude: w.longitude,
        zoom: w.zoom,
        stations: w.stations,
      };
    case 'Browser':
      return { url: w.url };
    case 'Webcam':
      return { webcamId: w.webcamId };
    default:
      return {};
  }
}

// Control characters other than tab and newline break exports (as in a note's PATCH).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;

/**
 * Checks the widgets of a save against the plant and the dashboard's stored widgets (an id must
 * be a widget of this dashboard of the same kind, once) and turns them into rows. Every problem
 * is named by its field; any problem refuses the whole save.
 */
export async function resolveWidgets(
  widgets: readonly DashboardWidgetInput[],
  stored: readonly WidgetRecord[],
  refs: DashboardReferences,
): Promise<SavedWidget[]> {
  const issues: InputIssue[] = [];
  const byId = new Map(stored.map((w) => [w.id, w]));
  const seen = new Set<number>();
  const rows: SavedWidget[] = [];
  const range = (at: string, min: number | null, max: number | null) => {
    if (min !== null && max !== null && !(min < max))
      issues.push({ field: `${at}.max`, message: 'must be greater than min' });
  };
  for (const [i, w] of widgets.entries()) {
    const at = `widgets[${i}]`;
    if (w.id !== undefined) {
      const old = byId.get(w.id);
      if (old === undefined)
        issues.push({ field: `${at}.id`, message: `no widget ${w.id} on this dashboard` });
      else if (old.kind !== w.kind)
        issues.push({ field: `${at}.kind`, message: `widget ${w.id} is a ${old.kind}` });
      if (seen.has(w.id)) issues.push({ field: `${at}.id`, message: `widget ${w.id} twice` });
      seen.add(w.id);
    }
    if (CONTROL.test(w.title))
      issues.push({ field: `${at}.title`, message: 'must not contain control characters' });
    switch (w.kind) {
      case 'SingleValue':
        if (!refs.pvExists(w.pv))
          issues.push({ field: `${at}.pv`, message: `unknown PV ${w.pv.type}-${w.pv.nr}` });
        range(at, w.min, w.max);
        break;
      case 'HeatMap':
        w.pvs.forEach((pv, k) => {
          if (!refs.pvExists(pv))
            issues.push({ field: `${at}.pvs[${k}]`, message: `unknown PV ${pv.type}-${pv.nr}` });
        });
        range(at, w.min, w.max);
        break;
      case 'Chart':
        if (w.chartId !== null && !(await refs.chartExists(w.chartId)))
          issues.push({ field: `${at}.chartId`, message: `unknown chart ${w.chartId}` });
        break;
      case 'Weather':
        if (!/^[A-Z]{2}$/.test(w.country))
          issues.push({ field: `${at}.country`, message: 'must be a two-letter country code (DE)' });
        if (w.zip.trim() === '') issues.push({ field: `${at}.zip`, message: 'enter a zip code' });
        break;
      case 'GoogleMaps':
        w.stations.forEach((s, k) => {
          if (!refs.stationExists(s))
            issues.push({ field: `${at}.stations[${k}]`, message: `unknown station ${s}` });
        });
        break;
      case 'Browser':
        if (w.url.trim() === '') issues.push({ field: `${at}.url`, message: 'enter a URL' });
        else if (!isWebUrl(w.url))
          issues.push({ field: `${at}.url`, message: 'only web URLs are supported' });
        break;
      case 'Webcam':
        if (!(await refs.webcamExists(w.webcamId)))
          issues.push({ field: `${at}.webcamId`, message: `unknown webcam ${w.webcamId}` });
        break;
      case 'Note':
        if (CONTROL.test(w.note))
          issues.push({ field: `${at}.note`, message: 'must not contain control characters' });
        break;
      default:
        break;
    }
    rows.push({
      ...(w.id === undefined ? {} : { id: w.id }),
      sortIndex: i,
      kind: w.kind,
      title: w.title.trim(),
      size: w.size,
      position: w.position,
      settings: settingsOf(w),
      note: w.kind === 'Note' ? w.note.replace(/\r\n?/g, '\n').trimEnd() : null,
    });
  }
  if (issues.length > 0) throw new InputRefusedError('invalid', issues);
  return rows;
}

/** A dashboard's name as saved: trimmed, not empty, no control characters. */
export function checkName(name: string, field = 'name'): string {
  const trimmed = name.trim();
  if (trimmed === '') throw new InputRefusedError('invalid', [{ field, message: 'enter a name' }]);
  if (CONTROL.test(trimmed))
    throw new InputRefusedError('invalid', [{ field, message: 'must not contain control characters' }]);
  return trimmed;
}
