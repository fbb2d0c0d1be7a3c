import {
  pvKey,
  qualityKey,
  violatesLimit,
  type LimitType,
  type ProcessValue,
  type PvConfig,
} from '@leitwarte/core';

/** Attributes that bind an element to live data (plants/README.md, "Process images"). */
export const BINDING_ATTRIBUTES = [
  'data-pv',
  'data-pv-fill',
  'data-pv-state',
  'data-pv-fault',
  'data-pv-enable',
  'data-pv-group',
  'data-pv-limit',
  'data-text-message',
] as const;

/** State classes a `data-pv-state` element gets; the stylesheet colours them. */
export const STATE_CLASSES = [
  'pv-on',
  'pv-off',
  'pv-alarm',
  'pv-fault',
  'pv-unacknowledged',
  'pv-locked',
] as const;

/** Limit classes of a `data-pv-limit` element: the most severe violated limit, or none violated. */
export const LIMIT_CLASSES = [
  'limit-top',
  'limit-top-middle',
  'limit-bottom-middle',
  'limit-bottom',
  'limit-ok',
] as const;

// Checked from the outermost limit in: a value over the top limit is also over the top-middle one.
const LIMIT_ORDER: readonly [LimitType, (typeof LIMIT_CLASSES)[number]][] = [
  ['Top', 'limit-top'],
  ['Bottom', 'limit-bottom'],
  ['TopMiddle', 'limit-top-middle'],
  ['BottomMiddle', 'limit-bottom-middle'],
];

/** What the bindings need from outside: configs, current values, limits and the formatter. */
export interface BindingSource {
  value(key: string): ProcessValue | undefined;
  config(key: string): PvConfig | undefined;
  /** The set limits of a PV by type (from the PV channel's limit configs), when known. */
  limits?(key: string): ReadonlyMap<LimitType, number> | undefined;
  /** The value as text in the user's language; `decimals` when the image sets them. */
  format(value: ProcessValue, config: PvConfig | undefined, decimals: number | null): string;
}

interface Binding {
  element: Element;
  /** The PVs it reads; the first decides the quality class. */
  keys: string[];
  render(source: BindingSource): Rendered;
  last?: Rendered;
  /** The update that last rendered it (a binding reading several PVs is rendered once per update). */
  pass?: number;
}

/** What one binding writes: a text, a set of classes, a fill rectangle. */
interface Rendered {
  text?: string;
  classes: string[];
  fill?: { y: number; height: number };
}

const PLACEHOLDER = '---';

/** Quality → class (screens §4); Unspecified gets none. */
function qualityClass(value: ProcessValue | undefined): string[] {
  const key = value ? qualityKey(value.quality) : null;
  return key ? [key] : [];
}

function numeric(value: ProcessValue | undefined): number | null {
  if (!value) return null;
  switch (value.type) {
    case 'DoubleValue':
      return value.doubleValue;
    case 'CounterValue':
      return value.counterValue.value;
    case 'BoolValue':
      return value.boolValue ? 1 : 0;
    case 'FailureStateValue':
      return value.failureStateValue;
    case 'RuntimeValue':
      return value.runtimeValue.value;
    case 'TimeOfDayValue':
      return value.timeOfDayValue.hour * 60 + value.timeOfDayValue.minutes;
  }
}

/** Active, and for failure inputs whether it still waits for acknowledgement (state 1). */
export function activeState(value: ProcessValue | undefined): { active: boolean; unacknowledged: boolean } {
  if (!value) return { active: false, unacknowledged: false };
  if (value.type === 'FailureStateValue')
    return { active: value.failureStateValue !== 0, unacknowledged: value.failureStateValue === 1 };
  const n = numeric(value);
  return { active: n !== null && n !== 0, unacknowledged: false };
}

const attrNumber = (el: Element, name: string): number | null => {
  const text = el.getAttribute(name);
  const n = text === null || text.trim() === '' ? NaN : Number(text);
  return Number.isFinite(n) ? n : null;
};

function valueBinding(element: Element, key: string): Binding {
  const decimals = attrNumber(element, 'data-decimals');
  const unitAttr = element.getAttribute('data-unit');
  return {
    element,
    keys: [key],
    render(source) {
      const value = source.value(key);
      const config = source.config(key);
      const classes = qualityClass(value);
      if (!value) return { text: unitAttr ? `${PLACEHOLDER} ${unitAttr}` : PLACEHOLDER, classes };
      const text = source.format(value, config, decimals);
      const shownUnit =
        value.type === 'DoubleValue' || value.type === 'CounterValue'
          ? (unitAttr ?? config?.dimension.trim() ?? '')
          : '';
      return { text: shownUnit ? `${text} ${shownUnit}` : text, classes };
    },
  };
}

function fillBinding(element: Element, key: string): Binding {
  // The drawn rectangle is the full scale; the value fills it from the bottom.
  const y = attrNumber(element, 'y') ?? 0;
  const height = attrNumber(element, 'height') ?? 0;
  const min = attrNumber(element, 'data-min');
  const max = attrNumber(element, 'data-max');
  return {
    element,
    keys: [key],
    render(source) {
      const value = source.value(key);
      const domain = source.config(key)?.domainConfig;
      const lo = min ?? domain?.min ?? 0;
      const hi = max ?? domain?.max ?? 1;
      const n = numeric(value);
      const share = n === null || hi <= lo ? 0 : Math.min(1, Math.max(0, (n - lo) / (hi - lo)));
      const filled = Math.round(height * share * 100) / 100;
      return { classes: qualityClass(value), fill: { y: y + height - filled, height: filled } };
    },
  };
}

function stateBinding(element: Element, key: string): Binding {
  const fault = element.getAttribute('data-pv-fault');
  const enable = element.getAttribute('data-pv-enable');
  return {
    element,
    keys: [key, ...(fault ? [fault] : []), ...(enable ? [enable] : [])],
    render(source) {
      const value = source.value(key);
      const classes = qualityClass(value);
      const state = activeState(value);
      // An alert input (a failure, high water) is an alarm when active; a pump is running.
      const isAlert = value?.type === 'FailureStateValue' || Boolean(source.config(key)?.alertInputConfig);
      if (value) classes.push(state.active ? (isAlert ? 'pv-alarm' : 'pv-on') : 'pv-off');
      if (state.unacknowledged) classes.push('pv-unacknowledged');
      if (fault) {
        const f = activeState(source.value(fault));
        if (f.active) classes.push('pv-fault');
        if (f.unacknowledged) classes.push('pv-unacknowledged');
      }
      if (enable) {
        const e = source.value(enable);
        if (e && !activeState(e).active) classes.push('pv-locked');
      }
      return { classes: [...new Set(classes)] };
    },
  };
}

/** The class of a value against its set limits (violation as the limit monitor counts it). */
export function limitClass(
  value: ProcessValue | undefined,
  limits: ReadonlyMap<LimitType, number> | undefined,
): string | null {
  const n = value?.type === 'DoubleValue' ? value.doubleValue : null;
  if (n === null || !Number.isFinite(n) || !limits || limits.size === 0) return null;
  for (const [type, cls] of LIMIT_ORDER) {
    const limit = limits.get(type);
    if (limit !== undefined && violatesLimit(type, limit, n)) return cls;
  }
  return 'limit-ok';
}

function limitBinding(element: Element, key: string): Binding {
  return {
    element,
    keys: [key],
    render(source) {
      const value = source.value(key);
      const cls = limitClass(value, source.limits?.(key));
      return { classes: [...qualityClass(value), ...(cls ? [cls] : [])] };
    },
  };
}

function groupBinding(element: Element, key: string): Binding {
  return { element, keys: [key], render: (source) => ({ classes: qualityClass(source.value(key)) }) };
}

function sameClasses(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameRendered(a: Rendered | undefined, b: Rendered): boolean {
  return (
    a !== undefined &&
    a.text === b.text &&
    a.fill?.y === b.fill?.y &&
    a.fill?.height === b.fill?.height &&
    sameClasses(a.classes, b.classes)
  );
}

/**
 * Writes what changed, one DOM write per changed property and nothing read back from layout: the
 * text node's data in place, the fill's y and height each only when it moved, and the classes only
 * when they differ. Only classes this binding set before are removed, so two bindings on one
 * element (a value and its limit state) and the author's own classes live side by side. `force`
 * writes text, fill and classes even if unchanged.
 */
function write(binding: Binding, next: Rendered, previous: Rendered | undefined, force: boolean): void {
  const { element } = binding;
  if (next.text !== undefined && (force || next.text !== previous?.text)) {
    // Changing the existing text node's data avoids replacing the node (and its layout object).
    const node = element.firstChild;
    if (node && node.nodeType === 3 && node.nextSibling === null) {
      if ((node as Text).data !== next.text) (node as Text).data = next.text;
    } else element.textContent = next.text;
  }
  if (next.fill) {
    const before = force ? undefined : previous?.fill;
    if (next.fill.y !== before?.y) element.setAttribute('y', String(next.fill.y));
    if (next.fill.height !== before?.height) element.setAttribute('height', String(next.fill.height));
  }
  if (!force && previous && sameClasses(previous.classes, next.classes)) return;
  const list = element.classList;
  if (previous) for (const c of previous.classes) if (!next.classes.includes(c)) list.remove(c);
  for (const c of next.classes) if (!list.contains(c)) list.add(c);
}

/** The live elements of one image, indexed by the PVs they read. */
export interface ImageBindings {
  /** Every PV any element reads, once (one subscription set per image). */
  readonly keys: readonly string[];
  /** PVs whose limits the image shows (`data-pv-limit`). */
  readonly limitKeys: readonly string[];
  /** Text-message ids the image shows. */
  readonly textIds: readonly number[];
  /** Elements bound to a text message, by id. */
  readonly textElements: ReadonlyMap<number, readonly Element[]>;
  /** Renders the elements that read these PVs; unchanged ones are not touched. Returns the writes. */
  update(keys: Iterable<string>): number;
  /** Renders every element (first paint, language change). */
  updateAll(): number;
}

/** The key an element reads first (for the hover and the definition check), or null. */
export function primaryKey(element: Element): string | null {
  for (const name of [
    'data-pv',
    'data-pv-fill',
    'data-pv-state',
    'data-pv-group',
    'data-pv-limit',
  ] as const) {
    const key = element.getAttribute(name);
    if (key) return key;
  }
  return null;
}

/**
 * Finds the bound elements of a process image and indexes them by PV. Keys are used as written
 * ("AnaIn-100010"); invalid ones are skipped here and named by the server's definition check.
 */
export function bindImage(
  root: Element,
  source: BindingSource,
  isKey: (key: string) => boolean,
): ImageBindings {
  const bindings: Binding[] = [];
  const add = (el: Element, attr: string, make: (el: Element, key: string) => Binding) => {
    const key = el.getAttribute(attr);
    if (key && isKey(key)) bindings.push(make(el, key));
  };
  for (const el of root.querySelectorAll('[data-pv]')) add(el, 'data-pv', valueBinding);
  for (const el of root.querySelectorAll('[data-pv-fill]')) add(el, 'data-pv-fill', fillBinding);
  for (const el of root.querySelectorAll('[data-pv-state]')) add(el, 'data-pv-state', stateBinding);
  for (const el of root.querySelectorAll('[data-pv-group]')) add(el, 'data-pv-group', groupBinding);
  const limitKeys = new Set<string>();
  for (const el of root.querySelectorAll('[data-pv-limit]')) {
    add(el, 'data-pv-limit', limitBinding);
    const key = el.getAttribute('data-pv-limit');
    if (key && isKey(key)) limitKeys.add(key);
  }

  const byKey = new Map<string, Binding[]>();
  for (const binding of bindings) {
    binding.keys = binding.keys.filter(isKey);
    for (const key of binding.keys) {
      const list = byKey.get(key) ?? [];
      list.push(binding);
      byKey.set(key, list);
    }
  }

  const textElements = new Map<number, Element[]>();
  for (const el of root.querySelectorAll('[data-text-message]')) {
    const id = Number(el.getAttribute('data-text-message'));
    if (!Number.isInteger(id) || id < 1) continue;
    textElements.set(id, [...(textElements.get(id) ?? []), el]);
  }

  const render = (binding: Binding, force: boolean): number => {
    const next = binding.render(source);
    const previous = binding.last;
    if (!force && sameRendered(previous, next)) return 0;
    binding.last = next;
    write(binding, next, previous, force);
    return 1;
  };
  let pass = 0;

  return {
    keys: [...byKey.keys()],
    limitKeys: [...limitKeys],
    textIds: [...textElements.keys()],
    textElements,
    update(keys) {
      pass += 1;
      let writes = 0;
      for (const key of keys) {
        const list = byKey.get(key);
        if (!list) continue;
        for (const binding of list) {
          if (binding.pass === pass) continue;
          binding.pass = pass;
          writes += render(binding, false);
        }
      }
      return writes;
    },
    updateAll() {
      let writes = 0;
      for (const binding of bindings) writes += render(binding, true);
      return writes;
    },
  };
}

/** The key of a value as the bindings use it. */
export const keyOfValue = (value: ProcessValue) => pvKey(value.pvRef);
