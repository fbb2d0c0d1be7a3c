import type { PvConfig, PvType } from '@leitwarte/core';
import { describe, expect, it } from 'vitest';
import { groupByKind } from './pv-kinds';

const pv = (type: PvType, nr: number): PvConfig => ({
  pvRef: { type, nr },
  name: `${type} ${nr}`,
  eksNr: '',
  dimension: '',
  subtype: '',
  valueType: 'DoubleValue',
  alertInputConfig: null,
  domainConfig: null,
  digiDisplayConfig: null,
});

describe('groupByKind', () => {
  it('groups a station’s PVs by kind in reading order, each by number, leaving empty kinds out', () => {
    const groups = groupByKind([
      pv('DigiIn', 100021),
      pv('AnaIn', 100011),
      pv('ZaehlWert', 1011),
      pv('AnaIn', 100010),
      pv('LaborWert', 1100),
      pv('PlsObject', 1090),
    ]);
    expect(groups.map((g) => [g.kind, g.pvs.map((p) => p.pvRef.nr)])).toEqual([
      ['analogInputs', [100010, 100011]],
      ['digitalInputs', [100021]],
      ['counters', [1011]],
      ['laboratory', [1100]],
      ['other', [1090]],
    ]);
  });
});
