import { parsePvKey, type AlarmPlanInfo, type LimitType, type ProcessValue } from '@leitwarte/core';
import { describe, expect, it } from 'vitest';
import type { StationLiveState } from '../../live/station-state-store';
import { bindImage } from './bindings';
import { sanitizeSvg } from './sanitize-svg';
import { bindStations } from './station-bindings';

const IMAGE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <text id="level" class="value" data-pv="AnaIn-100010" data-pv-limit="AnaIn-100010">---</text>
  <circle id="lamp" data-pv-limit="AnaIn-100010"/>
  <text id="dial" data-station-dial="7">?</text>
  <circle id="dial-lamp" data-station-dial="7"/>
  <rect id="plan" data-plan="7:2"/>
  <rect id="no-plan" data-plan="7-2"/>
</svg>`;

const double = (v: number, quality: ProcessValue['quality'] = 'Good'): ProcessValue => ({
  pvRef: { type: 'AnaIn', nr: 100010 },
  type: 'DoubleValue',
  doubleValue: v,
  quality,
  timestamp: 1,
});

function setup() {
  const svg = sanitizeSvg(IMAGE);
  document.body.replaceChildren(svg);
  const values = new Map<string, ProcessValue>();
  const limits = new Map<string, Map<LimitType, number>>();
  const bindings = bindImage(
    svg,
    {
      value: (key) => values.get(key),
      config: () => undefined,
      limits: (key) => limits.get(key),
      format: (value) => (value.type === 'DoubleValue' ? value.doubleValue.toFixed(1) : ''),
    },
    (key) => parsePvKey(key) !== null,
  );
  const el = (id: string) => svg.querySelector(`#${id}`)!;
  return { svg, values, limits, bindings, el };
}

const classes = (el: Element) => [...el.classList].sort();

describe('limit-state bindings', () => {
  it('show which limit the value has reached, the outermost first, next to the value and quality', () => {
    const { values, limits, bindings, el } = setup();
    expect(bindings.limitKeys).toEqual(['AnaIn-100010']);
    values.set('AnaIn-100010', double(2));
    bindings.updateAll();
    // No limits known yet: no limit class.
    expect(classes(el('lamp'))).toEqual(['qualitygood']);

    limits.set(
      'AnaIn-100010',
      new Map<LimitType, number>([
        ['Bottom', 0.5],
        ['BottomMiddle', 1],
        ['TopMiddle', 3],
        ['Top', 4],
      ]),
    );
    bindings.update(['AnaIn-100010']);
    expect(classes(el('lamp'))).toEqual(['limit-ok', 'qualitygood']);
    const expectations: [number, string][] = [
      [3, 'limit-top-middle'],
      [4.2, 'limit-top'],
      [1, 'limit-bottom-middle'],
      [0.2, 'limit-bottom'],
      [2, 'limit-ok'],
    ];
    for (const [v, cls] of expectations) {
      values.set('AnaIn-100010', double(v));
      bindings.update(['AnaIn-100010']);
      expect(classes(el('lamp'))).toEqual([cls, 'qualitygood']);
    }
    // The value binding on the same element keeps its text; the author's class stays.
    values.set('AnaIn-100010', double(4.5, 'Uncertain'));
    bindings.update(['AnaIn-100010']);
    expect(el('level').textContent).toBe('4.5');
    expect(classes(el('level'))).toEqual(['limit-top', 'qualityuncertain', 'value']);
  });
});

describe('dial-state and plan-state bindings', () => {
  it('show the dial state in words and colour, a local dial first, and the plan as active or not', () => {
    const { svg, el } = setup();
    const stations = new Map<number, StationLiveState>();
    const plans = new Map<string, AlarmPlanInfo>();
    const bound = bindStations(svg, {
      station: (nr) => stations.get(nr),
      plan: (ref) => plans.get(`${ref.station}/${ref.planNumber}`),
      dialText: (state) => `<${state}>`,
    });
    expect(bound.stations).toEqual([7]);
    expect(bound.plans).toEqual([{ station: 7, planNumber: 2 }]);
    bound.write(true);
    expect(el('dial').textContent).toBe('?');
    expect(classes(el('plan'))).toEqual([]);

    stations.set(7, { stationNumber: 7, dialState: 'Connected' });
    plans.set('7/2', { station: 7, planNumber: 2, active: true } as AlarmPlanInfo);
    bound.write();
    expect(el('dial').textContent).toBe('<Connected>');
    expect(classes(el('dial'))).toEqual(['dial-connected']);
    expect(classes(el('dial-lamp'))).toEqual(['dial-connected']);
    expect(el('dial-lamp').textContent).toBe('');
    expect(classes(el('plan'))).toEqual(['plan-active']);
    expect(classes(el('no-plan'))).toEqual([]);

    stations.set(7, { stationNumber: 7, dialState: 'CommunicationError', localDial: 'Connecting' });
    plans.set('7/2', { station: 7, planNumber: 2, active: false } as AlarmPlanInfo);
    bound.write();
    expect(el('dial').textContent).toBe('<Connecting>');
    expect(classes(el('dial'))).toEqual(['dial-connecting']);
    expect(classes(el('plan'))).toEqual(['plan-inactive']);

    stations.set(7, { stationNumber: 7, dialState: 'CommunicationError', localDial: null });
    bound.write();
    expect(classes(el('dial'))).toEqual(['dial-error']);
  });
});
