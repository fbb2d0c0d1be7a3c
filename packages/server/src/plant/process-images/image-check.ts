import { ALERT_BINDING_KINDS, parsePvKey } from '@leitwarte/core';

/** The data attributes a process image may carry (plants/README.md, "Process images"). */
export const IMAGE_ATTRIBUTES = new Set([
  'data-station',
  'data-process-image',
  'data-pv',
  'data-decimals',
  'data-unit',
  'data-pv-fill',
  'data-min',
  'data-max',
  'data-pv-state',
  'data-pv-fault',
  'data-pv-enable',
  'data-pv-group',
  'data-text-message',
  'data-action',
  'data-chart',
  'data-start',
  'data-pvs',
  'data-amount',
  'data-dashboard',
  'data-id',
  'data-href',
  'data-path',
  'data-default',
  'data-station-nr',
  'data-stations',
  'data-command',
  'data-plans',
  'data-alert',
  'data-image',
  'data-pv-limit',
  'data-station-dial',
  'data-plan',
]);

/** What else an image may name besides PVs: stations (dial state, plans) and other images. */
export interface ImageReferences {
  station(stationNumber: number): boolean;
  image(name: string): boolean;
}

/** Attributes that name one PV, and the one that names several. */
const PV_ATTRIBUTES = [
  'data-pv',
  'data-pv-fill',
  'data-pv-state',
  'data-pv-fault',
  'data-pv-enable',
  'data-pv-group',
  'data-pv-limit',
];

/** One finding of the check: the image, the element (its id, or its tag and position) and what is wrong. */
export interface ImageProblem {
  image: string;
  element: string;
  problem: string;
}

const ELEMENT = /<([a-zA-Z][\w:-]*)(\s[^<>]*?)?\/?>/g;
const ATTRIBUTE = /([\w:-]+)\s*=\s*"([^"]*)"/g;

/**
 * Checks an image's bindings at start: every data attribute must be one of the defined ones and
 * every PV it names must exist (`knows`). Elements are named by their id, or by tag and line
 * when they have none, so the author finds them in the editor.
 */
export function checkImage(
  name: string,
  content: string,
  knows: (key: string) => boolean,
  references?: ImageReferences,
): ImageProblem[] {
  const problems: ImageProblem[] = [];
  for (const match of content.matchAll(ELEMENT)) {
    const attributes = new Map<string, string>();
    for (const [, attr = '', value = ''] of (match[2] ?? '').matchAll(ATTRIBUTE)) attributes.set(attr, value);
    const line = content.slice(0, match.index).split('\n').length;
    const element = attributes.get('id') ?? `<${match[1]}> in line ${line}`;
    const report = (problem: string) => problems.push({ image: name, element, problem });
    for (const [attr, value] of attributes) {
      if (!attr.startsWith('data-')) continue;
      if (!IMAGE_ATTRIBUTES.has(attr)) {
        report(`unknown attribute ${attr}`);
        continue;
      }
      if (attr === 'data-alert') {
        const [kind = '', key = ''] = value.split(':', 2);
        if (!(ALERT_BINDING_KINDS as readonly string[]).includes(kind) || key === '')
          report(`data-alert: ${value} is no alert binding (kind:key)`);
        else if (kind === 'device' && !knows(key)) report(`data-alert: unknown PV ${key}`);
        continue;
      }
      if (attr === 'data-station-dial' || attr === 'data-plan') {
        const match = attr === 'data-plan' ? /^(\d+):(\d+)$/.exec(value) : /^(\d+)()$/.exec(value);
        if (!match)
          report(
            `${attr}: ${value} is no ${attr === 'data-plan' ? 'plan (station:plan)' : 'station number'}`,
          );
        else if (references && !references.station(Number(match[1])))
          report(`${attr}: unknown station ${match[1]}`);
        continue;
      }
      if (attr === 'data-image') {
        if (references && !references.image(value)) report(`data-image: unknown process image ${value}`);
        continue;
      }
      const keys = PV_ATTRIBUTES.includes(attr)
        ? [value]
        : attr === 'data-pvs' || (attr === 'data-id' && parsePvKey(value) !== null)
          ? value.split(/[\s,]+/).filter(Boolean)
          : [];
      for (const key of keys) {
        if (parsePvKey(key) === null) report(`${attr}: ${key} is no PV key (Type-nr)`);
        else if (!knows(key)) report(`${attr}: unknown PV ${key}`);
      }
    }
  }
  return problems;
}
