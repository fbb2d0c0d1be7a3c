import { describe, expect, it } from 'vitest';
import { DEMO_PLANT_PATH, loadPlantDefinition } from '../index.js';
import { checkPlantContent, plantContentPath, readPlantContent } from '../content-file.js';
import { checkRemoteAlarmContent, RemoteAlarmContentSchema, type RemoteAlarmContent } from './content.js';

const definition = loadPlantDefinition(DEMO_PLANT_PATH);
const stations = new Set(definition.stations.map((s) => s.number));
const file = plantContentPath(DEMO_PLANT_PATH, 'remote-alarm.json');
const demo = readPlantContent<RemoteAlarmContent>(RemoteAlarmContentSchema, file) as RemoteAlarmContent;
const copy = (): RemoteAlarmContent => structuredClone(demo);

describe('remote-alarm.json', () => {
  it('the demo: every station has lines and plans, at least 6 call numbers with German names', () => {
    expect(() => checkRemoteAlarmContent(demo, stations, file)).not.toThrow();
    for (const station of stations) {
      expect(demo.lines.some((l) => l.station === station)).toBe(true);
      expect(demo.plans.some((p) => p.station === station)).toBe(true);
    }
    expect(demo.callNumbers.length).toBeGreaterThanOrEqual(6);
    const names = demo.plans.map((p) => p.planname);
    for (const name of ['Bereitschaft Wasser', 'Bereitschaft Abwasser', 'Klärwärter Wochenende']) {
      expect(names).toContain(name);
    }
  });

  it('names the bad field', () => {
    const bad = (edit: (c: RemoteAlarmContent) => void) => {
      const c = copy();
      edit(c);
      return () => checkRemoteAlarmContent(c, stations, 'remote-alarm.json');
    };
    expect(bad((c) => c.plans[0]!.recipients.push(4242))).toThrow(
      /remote-alarm.json: plans\[0\]\.recipients\[\d+\]: unknown call number 4242/,
    );
    expect(bad((c) => (c.callNumbers[1]!.number = '0151-ABC'))).toThrow(
      /callNumbers\[1\]\.number: Ungültige/,
    );
    expect(bad((c) => (c.lines = c.lines.filter((l) => l.station !== 8)))).toThrow(
      /station 8 has no alarm line/,
    );
    expect(bad((c) => c.plans.push({ ...c.plans[0]! }))).toThrow(/plans\[\d+\]: duplicate plan 1\/1/);
    expect(bad((c) => (c.plans[0]!.pvGroup = 111))).toThrow(/PV group 111 is of another station/);
    expect(bad((c) => (c.pvGroups[0]!.station = 77))).toThrow(/pvGroups\[0\]\.station: unknown station 77/);
    expect(() => checkPlantContent(RemoteAlarmContentSchema, { ...copy(), extra: 1 }, 'x.json')).toThrow(
      /x.json: extra: unknown field/,
    );
    const wrongType = { ...copy(), lines: [{ station: 1, lineNumber: 1, connectionType: 'Fax' }] };
    expect(() => checkPlantContent(RemoteAlarmContentSchema, wrongType, 'x.json')).toThrow(
      /x.json: lines\[0\]\.connectionType/,
    );
  });
});
