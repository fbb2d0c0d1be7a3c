import type { ParseKeys, TFunction } from 'i18next';
import type { PvLabel } from '../../lib/use-pv-labels';

/** Objects the server names `<kind>:<id>` or `<kind> <id …>`, with their catalogue key. */
const OBJECT_KINDS: Readonly<Record<string, ParseKeys>> = {
  user: 'events.objects.user',
  role: 'events.objects.role',
  chart: 'events.objects.chart',
  annotation: 'events.objects.annotation',
  source: 'events.objects.source',
  webcam: 'events.objects.webcam',
  alerts: 'events.objects.alerts',
  plan: 'events.objects.plan',
  callNumber: 'events.objects.callNumber',
  text: 'events.objects.text',
  report: 'events.objects.report',
};

const LIMIT_SUFFIXES: Readonly<Record<string, ParseKeys>> = {
  ugw: 'events.objects.limits.Bottom',
  mugw: 'events.objects.limits.BottomMiddle',
  mogw: 'events.objects.limits.TopMiddle',
  ogw: 'events.objects.limits.Top',
};

/**
 * An event's object in words: `user:betrieb` → "Benutzer betrieb", `alerts 12` → "Meldung 12",
 * `AnaIn-100001/ogw` → the PV's name and EKS with the limit. Anything else stays as stored.
 */
export function readableObject(
  object: string | null,
  t: TFunction,
  pvLabels: ReadonlyMap<string, PvLabel>,
): string {
  if (object === null || object === '') return '';
  const pv = /^([A-Za-z]+-\d+)(?:\/(\w+))?$/.exec(object);
  if (pv) {
    const label = pvLabels.get(pv[1] as string);
    const name = label ? `${label.name} (${label.eks})` : (pv[1] as string);
    const limit = pv[2] !== undefined ? LIMIT_SUFFIXES[pv[2]] : undefined;
    return limit ? `${name}, ${t(limit)}` : name;
  }
  const named = /^([A-Za-z]+)[: ](.+)$/.exec(object);
  const key = named ? OBJECT_KINDS[named[1] as string] : undefined;
  if (named && key) return `${t(key)} ${(named[2] as string).replace(/,(?=\S)/g, ', ')}`;
  return object;
}

function readable(value: unknown, t: TFunction): string {
  if (value === null || value === undefined) return '–';
  if (typeof value === 'boolean') return t(value ? 'events.values.yes' : 'events.values.no');
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? '–' : value.map((v) => readable(v, t)).join(', ');
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '–';
  return entries.map(([key, v]) => `${key}: ${readable(v, t)}`).join(', ');
}

/**
 * A stored old or new value in words: JSON objects as "field: value" pairs, lists comma
 * separated, yes/no for flags; plain text as it is.
 */
export function readableValue(value: string | null, t: TFunction): string {
  if (value === null || value === '') return '';
  const first = value.trimStart()[0];
  if (first !== '{' && first !== '[') return value;
  try {
    return readable(JSON.parse(value) as unknown, t);
  } catch {
    return value;
  }
}

/** The change an event made: "old → new", or only the new value, or only the old one. */
export function readableChange(oldValue: string | null, newValue: string | null, t: TFunction): string {
  const before = readableValue(oldValue, t);
  const after = readableValue(newValue, t);
  if (before && after) return `${before} → ${after}`;
  return after || before;
}
