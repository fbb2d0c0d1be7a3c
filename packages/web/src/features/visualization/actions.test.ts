import { describe, expect, it } from 'vitest';
import { applicationStartUrl, parseAction, UNSUPPORTED_ACTIONS } from './actions';

const attrs = (values: Record<string, string>) => (name: string) => values[name] ?? null;
const parse = (values: Record<string, string>) => parseAction(attrs(values));

describe('navigation targets of visualisation actions (screens §2)', () => {
  it('goes to the alert archive and the remote-alarm pages', () => {
    expect(parse({ action: 'alertArchive' })).toEqual({ kind: 'navigate', to: '/alerts' });
    expect(parse({ action: 'callNumberActivation' })).toEqual({
      kind: 'navigate',
      to: '/remote-alarm/activation',
    });
    expect(parse({ action: 'callNumbersEdit' })).toEqual({
      kind: 'navigate',
      to: '/remote-alarm/call-numbers/edit',
    });
  });

  it('opens an archive chart with its start as a negative offset from the parsed duration', () => {
    expect(parse({ action: 'archiveChart', chart: '5', start: '-P1D' })).toEqual({
      kind: 'navigate',
      to: '/charts/archive/5?start=-86400000',
    });
    expect(parse({ action: 'archiveChart', chart: '5', start: 'PT2H' })).toEqual({
      kind: 'navigate',
      to: '/charts/archive/5?start=-7200000',
    });
    expect(parse({ action: 'archiveChart', chart: '5' })).toEqual({
      kind: 'navigate',
      to: '/charts/archive/5',
    });
    expect(parse({ action: 'archiveChart', chart: '5', start: 'gestern' })).toEqual({
      kind: 'navigate',
      to: '/charts/archive/5',
    });
    expect(parse({ action: 'archiveChart', chart: 'ww-reinwasser' })).toBeNull();
  });

  it('repeats pv= for trend lines; the archive trend line adds amount and Days', () => {
    expect(parse({ action: 'realtimeTrendline', pvs: 'AnaIn-100061 AnaIn-100070' })).toEqual({
      kind: 'navigate',
      to: '/charts/realtime-trendline?pv=AnaIn-100061&pv=AnaIn-100070',
    });
    expect(parse({ action: 'archiveTrendline', pvs: 'AnaIn-100080,AnaIn-100084', amount: '7' })).toEqual({
      kind: 'navigate',
      to: '/charts/archive-trendline?pv=AnaIn-100080&pv=AnaIn-100084&amount=7&unit=Days',
    });
    expect(parse({ action: 'realtimeTrendline', pvs: 'AnaIn-1 Pumpe-3' })).toBeNull();
    expect(parse({ action: 'archiveTrendline', pvs: 'AnaIn-1', amount: '0' })).toBeNull();
  });

  it('opens a dashboard at /{id} and machine pages with their id', () => {
    expect(parse({ action: 'dashboard', dashboard: '2' })).toEqual({ kind: 'navigate', to: '/2' });
    expect(parse({ action: 'machineRuntime', id: 'DigiIn-100020' })).toEqual({
      kind: 'navigate',
      to: '/maintenance/runtimes/DigiIn-100020',
    });
    expect(parse({ action: 'machineDatasheet', id: '17' })).toEqual({
      kind: 'navigate',
      to: '/maintenance/datasheet/17',
    });
    expect(parse({ action: 'machineDatasheet', id: '../x' })).toBeNull();
  });
});

describe('windows and application start (screens §2)', () => {
  it('opens app paths and web URLs as windows', () => {
    expect(parse({ action: 'window', href: '/webcams/1' })).toEqual({ kind: 'window', url: '/webcams/1' });
    expect(parse({ action: 'window', href: 'https://wetter.example/' })).toEqual({
      kind: 'window',
      url: 'https://wetter.example/',
    });
    expect(parse({ action: 'window', href: '//evil.example' })).toEqual({
      kind: 'window',
      url: 'http://evil.example/',
    });
  });

  it('prepends http:// to a path without scheme and refuses file: and unparsable paths', () => {
    expect(applicationStartUrl('www.stadtwerke.example/stoerung')).toBe(
      'http://www.stadtwerke.example/stoerung',
    );
    expect(applicationStartUrl('https://a.example/x?y=1')).toBe('https://a.example/x?y=1');
    expect(applicationStartUrl('scada.local:8080/hmi')).toBe('http://scada.local:8080/hmi');
    expect(applicationStartUrl('file:///C:/Programme/Leitsystem/start.exe')).toBeNull();
    expect(applicationStartUrl('C:\\Programme\\x.exe')).toBeNull();
    expect(applicationStartUrl('javascript:alert(1)')).toBeNull();
    expect(applicationStartUrl('http://')).toBeNull();
    expect(applicationStartUrl('')).toBeNull();
    expect(parse({ action: 'applicationStart', path: 'file:///C:/x.exe' })).toEqual({
      kind: 'invalidPath',
      path: 'file:///C:/x.exe',
    });
    expect(parse({ action: 'applicationStart', path: 'intranet.example' })).toEqual({
      kind: 'applicationStart',
      url: 'http://intranet.example/',
    });
  });
});

describe('not supported in the web client (screens §2)', () => {
  it('names every action of the list', () => {
    expect(UNSUPPORTED_ACTIONS).toHaveLength(21);
    for (const name of UNSUPPORTED_ACTIONS)
      expect(parse({ action: name })).toEqual({ kind: 'unsupported', name });
  });
});

describe('write actions as the dialogs of "Operating the plant" take them', () => {
  it('set values with a default value (2 inverts a digital output)', () => {
    expect(parse({ action: 'setValue', pvs: 'DigiOut-100020', default: '2' })).toEqual({
      kind: 'write',
      action: { kind: 'setValues', pvs: [{ type: 'DigiOut', nr: 100020 }], defaultValue: 2 },
    });
    expect(parse({ action: 'setValue', pvs: 'AnaOut-100900' })).toEqual({
      kind: 'write',
      action: { kind: 'setValues', pvs: [{ type: 'AnaOut', nr: 100900 }] },
    });
    expect(parse({ action: 'setValue', pvs: 'AnaOut-100900', default: 'viel' })).toBeNull();
  });

  it('limits of one PV, priorities, counters, failure acknowledgement', () => {
    expect(parse({ action: 'limits', pvs: 'AnaIn-100010' })).toEqual({
      kind: 'write',
      action: { kind: 'limits', pv: { type: 'AnaIn', nr: 100010 } },
    });
    expect(parse({ action: 'limits', pvs: 'AnaIn-1 AnaIn-2' })).toBeNull();
    expect(parse({ action: 'priorities', pvs: 'DigiIn-100001 DigiIn-100002' })).toEqual({
      kind: 'write',
      action: {
        kind: 'priorities',
        pvs: [
          { type: 'DigiIn', nr: 100001 },
          { type: 'DigiIn', nr: 100002 },
        ],
      },
    });
    expect(parse({ action: 'resetCounters', pvs: 'ZaehlWert-1020' })).toEqual({
      kind: 'write',
      action: { kind: 'resetCounters', pvs: [{ type: 'ZaehlWert', nr: 1020 }] },
    });
    expect(parse({ action: 'acknowledgeFailure', pvs: 'DigiIn-100021' })).toEqual({
      kind: 'write',
      action: { kind: 'acknowledgeFailure', pvs: [{ type: 'DigiIn', nr: 100021 }] },
    });
  });

  it('priority outputs of a station, dialling with its command', () => {
    expect(parse({ action: 'acknowledgePriorityOutputs', 'station-nr': '9' })).toEqual({
      kind: 'write',
      action: { kind: 'acknowledgePriorityOutputs', stationNr: 9 },
    });
    expect(parse({ action: 'acknowledgePriorityOutputs' })).toEqual({
      kind: 'write',
      action: { kind: 'acknowledgePriorityOutputs' },
    });
    expect(parse({ action: 'dial', stations: '7 10', command: 'disconnect' })).toEqual({
      kind: 'write',
      action: { kind: 'dial', stationNrs: [7, 10], command: 'disconnect' },
    });
    expect(parse({ action: 'dial', stations: '7', command: 'hangup' })).toBeNull();
  });

  it('plan entries default to toggle (2) and text entries name their text', () => {
    expect(parse({ action: 'plans', plans: '9:2 9:3' })).toEqual({
      kind: 'plans',
      entries: [
        { station: 9, faplan: 2, default: 2 },
        { station: 9, faplan: 3, default: 2 },
      ],
    });
    expect(parse({ action: 'plans', plans: '9:2', default: '0' })).toEqual({
      kind: 'plans',
      entries: [{ station: 9, faplan: 2, default: 0 }],
    });
    expect(parse({ action: 'plans', plans: '9:2', default: '3' })).toBeNull();
    expect(parse({ action: 'text', 'text-message': '5' })).toEqual({ kind: 'text', textId: 5 });
  });

  it('an element without an action, or with an unknown one, does nothing', () => {
    expect(parse({})).toBeNull();
    expect(parse({ action: 'selfDestruct' })).toBeNull();
  });
});
