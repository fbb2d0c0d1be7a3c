import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_PLANT_PATH, loadPlantDefinition } from '../index.js';
import { DEMO_ALERTS_PATH, loadAlertContent, parseAlertContent } from './alert-content.js';

const definition = loadPlantDefinition(DEMO_PLANT_PATH);
const document = () =>
  JSON.parse(readFileSync(DEMO_ALERTS_PATH, 'utf8')) as {
    limits: Record<string, unknown>[];
    pvGroups: Record<string, unknown>[];
  };

describe('alerts.json of the demo plant', () => {
  it('sets default limits and PV groups per station', () => {
    const content = loadAlertContent(DEMO_ALERTS_PATH, definition);
    expect(content.limits.length).toBeGreaterThan(80);
    expect(content.limits.every((l) => l.pvLimitRef.pv.type === 'AnaIn' && !l.notSet)).toBe(true);
    const station1 = content.pvGroups.filter((g) => g.station === 1).map((g) => g.name);
    expect(station1).toEqual(['Pumpen', 'Behälter', 'Störungen']);
    expect(new Set(content.pvGroups.map((g) => g.station)).size).toBe(definition.stations.length);
  });

  it('refuses limits against the rules of screens §5 and unknown PVs, naming the field', () => {
    const bad = document();
    bad.limits[0] = {
      pv: 'AnaIn-100001',
      ugw: { limit: 50, priority: 1, delayTime: 0, message: 'x' },
      ogw: { limit: 40, priority: 1, delayTime: 0, message: 'y' },
    };
    expect(() => parseAlertContent(bad, definition, 'alerts.json')).toThrow(
      'alerts.json: limits[0]: Der untere Grenzwert darf nicht über anderen Grenzwerten liegen.',
    );
    const unknown = document();
    unknown.limits[1] = { pv: 'AnaIn-999999' };
    expect(() => parseAlertContent(unknown, definition, 'alerts.json')).toThrow(
      'alerts.json: limits[1].pv: unknown PV AnaIn-999999',
    );
    const priority = document();
    priority.limits[0] = { pv: 'AnaIn-100001', ogw: { limit: 40, priority: 12, delayTime: 0, message: 'y' } };
    expect(() => parseAlertContent(priority, definition, 'alerts.json')).toThrow(
      /alerts.json: limits\[0\].ogw.priority/,
    );
    const foreign = document();
    foreign.pvGroups[0] = { id: 11, station: 1, name: 'Pumpen', pvs: ['DigiIn-200010'] };
    expect(() => parseAlertContent(foreign, definition, 'alerts.json')).toThrow(
      'pvGroups[0].pvs[0]: DigiIn-200010 belongs to station 2',
    );
  });
});
