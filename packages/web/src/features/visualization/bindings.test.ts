import { parsePvKey, type ProcessValue, type PvConfig } from '@leitwarte/core';
import { describe, expect, it } from 'vitest';
import { bindImage, type BindingSource } from './bindings';
import { sanitizeSvg } from './sanitize-svg';

const IMAGE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <text id="level" data-pv="AnaIn-100010" data-decimals="2" data-unit="m">--- m</text>
  <rect id="bar" y="10" height="80" data-pv-fill="AnaIn-100010" data-min="0" data-max="4"/>
  <circle id="pump" data-pv-state="DigiIn-100020" data-pv-fault="DigiIn-100021" data-pv-enable="DigiOut-100020"/>
  <g id="group" data-pv-group="AnaIn-100010"><text>x</text></g>
  <text id="msg" data-text-message="3">…</text>
  <text id="bad" data-pv="Pumpe-1">?</text>
</svg>`;

const double = (nr: number, v: number, quality: ProcessValue['quality'] = 'Good'): ProcessValue => ({
  pvRef: { type: 'AnaIn', nr },
  type: 'DoubleValue',
  doubleValue: v,
  quality,
  timestamp: 1,
});
const bool = (type: 'DigiIn' | 'DigiOut', nr: number, v: boolean): ProcessValue => ({
  pvRef: { type, nr },
  type: 'BoolValue',
  boolValue: v,
  quality: 'Good',
  timestamp: 1,
});
const failure = (nr: number, state: number): ProcessValue => ({
  pvRef: { type: 'DigiIn', nr },
  type: 'FailureStateValue',
  failureStateValue: state,
  quality: 'Good',
  timestamp: 1,
});

function setup() {
  const svg = sanitizeSvg(IMAGE);
  document.body.replaceChildren(svg);
  const values = new Map<string, ProcessValue>();
  const source: BindingSource = {
    value: (key) => values.get(key),
    config: () => undefined as PvConfig | undefined,
    format: (value, _config, decimals) =>
      value.type === 'DoubleValue' ? value.doubleValue.toFixed(decimals ?? 2) : String(value.type),
  };
  const bindings = bindImage(svg, source, (key) => parsePvKey(key) !== null);
  const el = (id: string) => svg.querySelector(`#${id}`)!;
  return { svg, values, bindings, el };
}

describe('live bindings of a process image (plants/README.md, screens §4)', () => {
  it('collects one subscription set for every bound PV and the text ids', () => {
    const { bindings } = setup();
    expect([...bindings.keys].sort()).toEqual([
      'AnaIn-100010',
      'DigiIn-100020',
      'DigiIn-100021',
      'DigiOut-100020',
    ]);
    expect(bindings.textIds).toEqual([3]);
  });

  it('writes values with decimals and unit, and the quality class (Unspecified none)', () => {
    const { values, bindings, el } = setup();
    bindings.updateAll();
    expect(el('level').textContent).toBe('--- m');
    values.set('AnaIn-100010', double(100010, 2));
    bindings.update(['AnaIn-100010']);
    expect(el('level').textContent).toBe('2.00 m');
    expect(el('level').getAttribute('class')).toBe('qualitygood');
    expect(el('group').classList.contains('qualitygood')).toBe(true);
    values.set('AnaIn-100010', double(100010, 2, 'Bad'));
    bindings.update(['AnaIn-100010']);
    expect(el('level').classList.contains('qualitybad')).toBe(true);
    expect(el('level').classList.contains('qualitygood')).toBe(false);
    values.set('AnaIn-100010', double(100010, 2, 'Unspecified'));
    bindings.update(['AnaIn-100010']);
    expect(el('level').getAttribute('class')).toBe('');
  });

  it('fills a bar from the bottom within its domain, clamped', () => {
    const { values, bindings, el } = setup();
    values.set('AnaIn-100010', double(100010, 1));
    bindings.update(['AnaIn-100010']);
    expect(el('bar').getAttribute('height')).toBe('20');
    expect(el('bar').getAttribute('y')).toBe('70');
    values.set('AnaIn-100010', double(100010, 9));
    bindings.update(['AnaIn-100010']);
    expect(el('bar').getAttribute('height')).toBe('80');
    expect(el('bar').getAttribute('y')).toBe('10');
  });

  it('colours a pump by running, fault (blinking until acknowledged) and enable', () => {
    const { values, bindings, el } = setup();
    values.set('DigiIn-100020', bool('DigiIn', 100020, true));
    values.set('DigiOut-100020', bool('DigiOut', 100020, true));
    bindings.update(['DigiIn-100020', 'DigiOut-100020']);
    expect([...el('pump').classList].sort()).toEqual(['pv-on', 'qualitygood']);
    values.set('DigiIn-100021', failure(100021, 1));
    values.set('DigiOut-100020', bool('DigiOut', 100020, false));
    bindings.update(['DigiIn-100021', 'DigiOut-100020']);
    expect([...el('pump').classList].sort()).toEqual([
      'pv-fault',
      'pv-locked',
      'pv-on',
      'pv-unacknowledged',
      'qualitygood',
    ]);
    values.set('DigiIn-100021', failure(100021, 2));
    bindings.update(['DigiIn-100021']);
    expect(el('pump').classList.contains('pv-unacknowledged')).toBe(false);
    expect(el('pump').classList.contains('pv-fault')).toBe(true);
  });

  it('writes an element once per update however many of its PVs changed, and not at all when equal', () => {
    const { values, bindings } = setup();
    values.set('DigiIn-100020', bool('DigiIn', 100020, true));
    values.set('DigiIn-100021', failure(100021, 0));
    values.set('DigiOut-100020', bool('DigiOut', 100020, true));
    expect(bindings.update(['DigiIn-100020', 'DigiIn-100021', 'DigiOut-100020'])).toBe(1);
    expect(bindings.update(['DigiIn-100020'])).toBe(0);
  });

  it('writes only what changed: the text node in place, a moved fill, no class while the quality stays', () => {
    const { svg, values, bindings, el } = setup();
    values.set('AnaIn-100010', double(100010, 1));
    bindings.update(['AnaIn-100010']);
    const node = el('level').firstChild;
    const observer = new MutationObserver(() => {});
    observer.observe(svg, { subtree: true, attributes: true, characterData: true, childList: true });
    values.set('AnaIn-100010', double(100010, 2));
    bindings.update(['AnaIn-100010']);
    const records = observer.takeRecords().map((r) => {
      const target = r.type === 'characterData' ? r.target.parentElement! : (r.target as Element);
      return `${r.type} ${target.id} ${r.attributeName ?? ''}`.trim();
    });
    observer.disconnect();
    expect(el('level').firstChild).toBe(node);
    expect(el('level').textContent).toBe('2.00 m');
    expect(records.sort()).toEqual(['attributes bar height', 'attributes bar y', 'characterData level']);
  });
});

describe('sanitising an image', () => {
  it('drops scripts, event attributes, external references and embedded documents', () => {
    const svg =
      sanitizeSvg(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">
      <script>alert(1)</script>
      <style>@import url(https://x.example/a.css); .a { fill: url(https://x.example/p) }</style>
      <rect id="r" onclick="alert(1)" style="fill: url(https://x.example/q)"/>
      <image id="i" href="https://x.example/i.png"/>
      <use id="u" xlink:href="#r"/>
      <foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>
    </svg>`);
    expect(svg.querySelector('script')).toBeNull();
    expect(svg.querySelector('foreignObject')).toBeNull();
    expect(svg.querySelector('#r')!.hasAttribute('onclick')).toBe(false);
    expect(svg.querySelector('#r')!.hasAttribute('style')).toBe(false);
    expect(svg.querySelector('#i')!.hasAttribute('href')).toBe(false);
    expect(svg.querySelector('#u')!.getAttribute('xlink:href')).toBe('#r');
    expect(svg.querySelector('style')!.textContent).not.toContain('x.example');
  });

  it('refuses markup that is no SVG', () => {
    expect(() => sanitizeSvg('<html><body/></html>')).toThrow();
    expect(() => sanitizeSvg('<svg')).toThrow();
  });
});
