import { parsePvKey, parseStartOffset, type PlanToggleEntry, type PvRef } from '@leitwarte/core';
import type { PvAction } from './pv-action';

/** What an element of a process image does when it is clicked or activated by keyboard. */
export type VisuAction =
  | { kind: 'navigate'; to: string }
  | { kind: 'window'; url: string }
  | { kind: 'applicationStart'; url: string }
  | { kind: 'invalidPath'; path: string }
  | { kind: 'unsupported'; name: string }
  | { kind: 'write'; action: PvAction }
  | { kind: 'plans'; entries: PlanToggleEntry[] }
  | { kind: 'text'; textId: number };

/**
 * Actions of the older control-room clients that the web client does not offer (screens §2):
 * they show 'Die Aktion {0} wird im Webclient nicht unterstützt.' naming the action.
 */
export const UNSUPPORTED_ACTIONS = [
  'trendline',
  'textOutput',
  'stationConfig',
  'stateBrowser',
  'serviceTaking',
  'serviceLog',
  'remoteAlarmPlanWindow',
  'pvConfig',
  'pipeLeakageConfig',
  'engineHistory',
  'engineDatasheet',
  'config',
  'autoTrendline',
  'dashboardWindow',
  'alertsWindow',
  'alertLinkConfig',
  'alarmCallNumbersWindow',
  'info',
  'archiveDataBrowser',
  'processGraphic',
  'popup',
] as const;

/** Every `data-action` value the client knows (the definition check uses the same list). */
export const ACTION_NAMES = [
  'alertArchive',
  'archiveChart',
  'realtimeTrendline',
  'archiveTrendline',
  'dashboard',
  'machineDatasheet',
  'machineRuntime',
  'callNumberActivation',
  'callNumbersEdit',
  'window',
  'applicationStart',
  'setValue',
  'limits',
  'priorities',
  'resetCounters',
  'acknowledgeFailure',
  'acknowledgePriorityOutputs',
  'dial',
  'plans',
  'text',
  ...UNSUPPORTED_ACTIONS,
] as const;

/** Reads one attribute of the element (`data-pvs` → attr('pvs')); null when absent. */
export type AttributeReader = (name: string) => string | null;

const words = (text: string | null) => (text ?? '').split(/[\s,]+/).filter((w) => w !== '');

function pvList(text: string | null): PvRef[] | null {
  const refs = words(text).map(parsePvKey);
  if (refs.length === 0 || refs.some((r) => r === null)) return null;
  return refs as PvRef[];
}

function integer(text: string | null, min: number, max: number): number | null {
  if (text === null || !/^\d+$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= min && n <= max ? n : null;
}

const pvQuery = (pvs: readonly PvRef[]) => pvs.map((pv) => `pv=${encodeURIComponent(`${pv.type}-${pv.nr}`)}`);

/** An id for a route: a positive number, or a PV key for the machine pages. */
function routeId(text: string | null): string | null {
  const id = text?.trim() ?? '';
  return /^[A-Za-z0-9-]{1,40}$/.test(id) ? encodeURIComponent(id) : null;
}

/**
 * An application-start path as an address to open (screens §2): web URLs as they are, a path
 * without a scheme with http:// before it; `file:`, other schemes and anything unparsable are a
 * faulty path.
 */
export function applicationStartUrl(path: string): string | null {
  const trimmed = path.trim();
  if (trimmed === '' || /[\s<>"]/.test(trimmed)) return null;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !/^[^:/]+:\d+(\/|$)/.test(trimmed);
  const candidate = hasScheme ? trimmed : `http://${trimmed.replace(/^\/\//, '')}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hostname === '') return null;
  return url.href;
}

function navigation(name: string, attr: AttributeReader): VisuAction | null {
  switch (name) {
    case 'alertArchive':
      return { kind: 'navigate', to: '/alerts' };
    case 'archiveChart': {
      const id = integer(attr('chart'), 1, Number.MAX_SAFE_INTEGER);
      if (id === null) return null;
      const startText = attr('start');
      const offset = startText === null ? null : parseStartOffset(startText);
      return { kind: 'navigate', to: `/charts/archive/${id}${offset === null ? '' : `?start=${offset}`}` };
    }
    case 'realtimeTrendline': {
      const pvs = pvList(attr('pvs'));
      return pvs && { kind: 'navigate', to: `/charts/realtime-trendline?${pvQuery(pvs).join('&')}` };
    }
    case 'archiveTrendline': {
      const pvs = pvList(attr('pvs'));
      const amount = integer(attr('amount') ?? '1', 1, 3660);
      if (!pvs || amount === null) return null;
      return {
        kind: 'navigate',
        to: `/charts/archive-trendline?${[...pvQuery(pvs), `amount=${amount}`, 'unit=Days'].join('&')}`,
      };
    }
    case 'dashboard': {
      const id = integer(attr('dashboard'), 1, Number.MAX_SAFE_INTEGER);
      return id === null ? null : { kind: 'navigate', to: `/${id}` };
    }
    case 'machineDatasheet':
    case 'machineRuntime': {
      const id = routeId(attr('id'));
      const page = name === 'machineDatasheet' ? 'datasheet' : 'runtimes';
      return id === null ? null : { kind: 'navigate', to: `/maintenance/${page}/${id}` };
    }
    case 'callNumberActivation':
      return { kind: 'navigate', to: '/remote-alarm/activation' };
    case 'callNumbersEdit':
      return { kind: 'navigate', to: '/remote-alarm/call-numbers/edit' };
    default:
      return null;
  }
}

const DIAL_COMMANDS = ['connect', 'disconnect', 'status'] as const;

function writeAction(name: string, attr: AttributeReader): PvAction | null {
  switch (name) {
    case 'setValue': {
      const pvs = pvList(attr('pvs'));
      if (!pvs) return null;
      const defaultText = attr('default');
      if (defaultText === null) return { kind: 'setValues', pvs };
      const defaultValue = Number(defaultText);
      return Number.isFinite(defaultValue) && defaultText.trim() !== ''
        ? { kind: 'setValues', pvs, defaultValue }
        : null;
    }
    case 'limits': {
      const pvs = pvList(attr('pvs'));
      return pvs?.length === 1 && pvs[0] ? { kind: 'limits', pv: pvs[0] } : null;
    }
    case 'priorities':
    case 'resetCounters':
    case 'acknowledgeFailure': {
      const pvs = pvList(attr('pvs'));
      return pvs && { kind: name, pvs };
    }
    case 'acknowledgePriorityOutputs': {
      const text = attr('station-nr');
      if (text === null) return { kind: 'acknowledgePriorityOutputs' };
      const stationNr = integer(text, 1, 999_999);
      return stationNr === null ? null : { kind: 'acknowledgePriorityOutputs', stationNr };
    }
    case 'dial': {
      const stations = words(attr('stations')).map((w) => integer(w, 1, 999_999));
      const command = attr('command') ?? 'connect';
      if (stations.length === 0 || stations.some((s) => s === null)) return null;
      if (!(DIAL_COMMANDS as readonly string[]).includes(command)) return null;
      return {
        kind: 'dial',
        stationNrs: stations as number[],
        command: command as (typeof DIAL_COMMANDS)[number],
      };
    }
    default:
      return null;
  }
}

/** `data-plans="9:2 9:3"` (station:plan) with `data-default` 0 off, 1 on, 2 toggle (screens §3). */
function planEntries(attr: AttributeReader): PlanToggleEntry[] | null {
  const def = integer(attr('default') ?? '2', 0, 2);
  const entries: PlanToggleEntry[] = [];
  for (const word of words(attr('plans'))) {
    const m = /^(\d{1,6}):(\d{1,4})$/.exec(word);
    if (!m) return null;
    entries.push({ station: Number(m[1]), faplan: Number(m[2]), default: def ?? 2 });
  }
  return def === null || entries.length === 0 ? null : entries;
}

/** Where an image opens alone in a window: logged in, without the shell (`/window/...`). */
export const imageWindowPath = (name: string) => `/window/visualization/${encodeURIComponent(name)}`;

/** Process image names as the server serves them. */
const IMAGE_NAME = /^[a-z0-9-]{1,100}$/;

/**
 * The action of an element from its data attributes (plants/README.md, "Process images"), or
 * null when it has none or its attributes do not make a whole action (the definition check at
 * the server's start names such elements).
 */
export function parseAction(attr: AttributeReader): VisuAction | null {
  const name = attr('action')?.trim();
  if (!name) return null;
  if ((UNSUPPORTED_ACTIONS as readonly string[]).includes(name)) return { kind: 'unsupported', name };
  if (name === 'window') {
    const image = attr('image')?.trim() ?? '';
    if (image !== '') return IMAGE_NAME.test(image) ? { kind: 'window', url: imageWindowPath(image) } : null;
    const href = attr('href')?.trim() ?? '';
    if (href.startsWith('/') && !href.startsWith('//')) return { kind: 'window', url: href };
    const url = applicationStartUrl(href);
    return url === null ? null : { kind: 'window', url };
  }
  if (name === 'applicationStart') {
    const path = attr('path') ?? '';
    const url = applicationStartUrl(path);
    return url === null ? { kind: 'invalidPath', path } : { kind: 'applicationStart', url };
  }
  if (name === 'plans') {
    const entries = planEntries(attr);
    return entries && { kind: 'plans', entries };
  }
  if (name === 'text') {
    const textId = integer(attr('text-message'), 1, 2_147_483_647);
    return textId === null ? null : { kind: 'text', textId };
  }
  const write = writeAction(name, attr);
  if (write) return { kind: 'write', action: write };
  return navigation(name, attr);
}

/** Reads `data-*` attributes of a DOM element for parseAction. */
export function dataAttributes(element: Element): AttributeReader {
  return (name) => element.getAttribute(`data-${name}`);
}
