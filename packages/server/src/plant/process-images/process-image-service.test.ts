import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSimulator, QUIET_RATES } from '../../sources/index.js';
import { contentPath } from '../charts/content-file.js';
import { createPlant, DEMO_PLANT_PATH, loadPlantDefinition } from '../index.js';
import { checkImage } from './image-check.js';
import { resolveImageReferences } from './image-references.js';
import { createProcessImageService } from './process-image-service.js';

const definition = loadPlantDefinition(DEMO_PLANT_PATH);
const plant = createPlant({
  definition,
  source: createSimulator(definition, { seed: 1, rates: QUIET_RATES, autoTick: false }),
});
const images = createProcessImageService({ directory: contentPath(DEMO_PLANT_PATH, 'process-images') });

describe('process images (screens §2 process visualisation, calls §7 Visualisation)', () => {
  it('lists an image for every station of the demo, each with its station', () => {
    const list = images.list();
    expect(list.map((i) => i.stationNumber).sort((a, b) => a! - b!)).toEqual(
      plant.stations().map((s) => s.stationNumber),
    );
    expect(list.map((i) => i.name)).toEqual(
      expect.arrayContaining(['hb-lindenberg', 'rueb-talheim', 'wasserwerk-auheim']),
    );
    for (const image of list) {
      expect(plant.station(image.stationNumber!)?.processImage).toBe(image.name);
      expect(image.title).toContain(plant.station(image.stationNumber!)!.name.split(' ').at(-1));
    }
    expect(list.find((i) => i.name === 'rueb-talheim')?.pvs).toEqual(
      expect.arrayContaining(['AnaIn-900010', 'DigiIn-900012', 'AnaIn-900080']),
    );
  });

  it('binds only PVs the plant knows', () => {
    expect(images.unknownPvs(plant)).toEqual([]);
    expect(images.list().every((i) => i.pvs.length >= 10)).toBe(true);
  });

  it('carries navigation actions of screens §2 as data attributes', () => {
    const svg = images.read('wasserwerk-auheim')!.content;
    for (const action of [
      'archiveChart',
      'realtimeTrendline',
      'archiveTrendline',
      'alertArchive',
      'dashboard',
      'machineRuntime',
    ]) {
      expect(svg).toContain(`data-action="${action}"`);
    }
  });

  it('serves an image by its name only; anything else is not found', () => {
    expect(images.read('hb-lindenberg')).toMatchObject({
      contentType: 'image/svg+xml',
      content: expect.stringMatching(/^<\?xml[^]*<svg/),
    });
    for (const bad of [
      '../plant',
      '../plant.json',
      'hb-lindenberg.svg',
      'HB-LINDENBERG',
      '..%2Fplant',
      '',
      'dea-nirgendwo',
      '/etc/passwd',
    ]) {
      expect(images.read(bad)).toBeUndefined();
    }
  });

  it('takes only valid names with SVG content from its folder', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leitwarte-pi-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'gut.svg'),
        '<svg xmlns="http://www.w3.org/2000/svg"><title>Gut</title><text data-pv="AnaIn-1"/></svg>',
      );
      fs.writeFileSync(path.join(dir, 'Schlecht Name.svg'), '<svg/>');
      fs.writeFileSync(path.join(dir, 'kein-svg.svg'), '<html></html>');
      fs.writeFileSync(path.join(dir, 'notiz.txt'), 'x');
      const service = createProcessImageService({ directory: dir });
      expect(service.list()).toEqual([{ name: 'gut', title: 'Gut', stationNumber: null, pvs: ['AnaIn-1'] }]);
      expect(service.unknownPvs(plant)).toEqual([{ name: 'gut', pvs: ['AnaIn-1'] }]);
      expect(service.read('kein-svg')).toBeUndefined();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('passes the definition check at start: every attribute defined, every PV known', () => {
    expect(images.problems(plant)).toEqual([]);
    expect(() => images.check(plant)).not.toThrow();
  });

  it('names an unknown PV or attribute by element id, or by tag and line', () => {
    const svg = [
      '<svg xmlns="http://www.w3.org/2000/svg">',
      '<text id="druck" data-pv="AnaIn-100070" data-decimals="2"/>',
      '<text id="geist" data-pv="AnaIn-999999"/>',
      '<rect data-pv-fill="Pumpe-1"/>',
      '<g id="knopf" data-action="archiveTrendline" data-pvs="AnaIn-100070 AnaIn-100071" data-colour="rot"/>',
      '<circle id="lampe" data-alert="device:DigiIn-100021"/><circle id="falsch" data-alert="irgendwas:1"/>',
      '<text id="wahl" data-station-dial="1"/><text id="wahl-99" data-station-dial="99"/>',
      '<circle id="plan" data-plan="1:2"/><circle id="plan-falsch" data-plan="1-2"/>',
      '<g id="fenster" data-action="window" data-image="hb-lindenberg"/>',
      '<g id="fenster-weg" data-action="window" data-image="gibt-es-nicht"/>',
      '<rect id="grenze" data-pv-limit="AnaIn-100010"/><rect id="grenze-weg" data-pv-limit="AnaIn-999999"/>',
      '</svg>',
    ].join('\n');
    const references = {
      station: (nr: number) => plant.station(nr) !== undefined,
      image: (name: string) => images.list().some((image) => image.name === name),
    };
    expect(checkImage('test', svg, (key) => plant.config(key) !== undefined, references)).toEqual([
      { image: 'test', element: 'geist', problem: 'data-pv: unknown PV AnaIn-999999' },
      { image: 'test', element: '<rect> in line 4', problem: 'data-pv-fill: Pumpe-1 is no PV key (Type-nr)' },
      { image: 'test', element: 'knopf', problem: 'data-pvs: unknown PV AnaIn-100071' },
      { image: 'test', element: 'knopf', problem: 'unknown attribute data-colour' },
      { image: 'test', element: 'falsch', problem: 'data-alert: irgendwas:1 is no alert binding (kind:key)' },
      { image: 'test', element: 'wahl-99', problem: 'data-station-dial: unknown station 99' },
      { image: 'test', element: 'plan-falsch', problem: 'data-plan: 1-2 is no plan (station:plan)' },
      { image: 'test', element: 'fenster-weg', problem: 'data-image: unknown process image gibt-es-nicht' },
      { image: 'test', element: 'grenze-weg', problem: 'data-pv-limit: unknown PV AnaIn-999999' },
    ]);
  });

  it('stops the start with the file and element of a faulty image', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leitwarte-pi-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'falsch.svg'),
        '<svg xmlns="http://www.w3.org/2000/svg"><title>F</title><text id="t1" data-pv="AnaIn-1"/></svg>',
      );
      const service = createProcessImageService({ directory: dir });
      expect(() => service.check(plant)).toThrow(/falsch\.svg: t1: data-pv: unknown PV AnaIn-1$/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('turns chart and dashboard keys into ids; unknown keys stay as written', async () => {
    const out = await resolveImageReferences(
      '<g data-action="archiveChart" data-chart="a"/><g data-chart="b"/><g data-dashboard="d"/><g data-chart="7"/>',
      {
        chartId: async (key) => ({ a: 5 })[key],
        dashboardId: async (key) => (key === 'd' ? 2 : undefined),
      },
    );
    expect(out).toBe(
      '<g data-action="archiveChart" data-chart="5"/><g data-chart="b"/><g data-dashboard="2"/><g data-chart="7"/>',
    );
  });
});
