import { describe, expect, it } from 'vitest';
import { analogPv, station } from '../../test-support/fixtures';
import { filterGroups, groupByStation } from './group-pvs';

const stations = [station(1, 'Wasserwerk Nord', { kind: 'Wasserwerk' }), station(2, 'Hochbehälter Süd')];
const counter = {
  ...analogPv(0, 'Zähler Netz', 1).config,
  pvRef: { type: 'ZaehlWert' as const, nr: 42 },
};
const configs = [
  analogPv(100001, 'Füllstand Brunnen', 1).config,
  analogPv(200003, 'Füllstand Kammer 1', 1).config,
  analogPv(900001, 'Druck unbekannte Station', 1).config,
  counter,
];

describe('groupByStation', () => {
  it('puts station-encoded PVs under their station (screens §3) and the rest last', () => {
    const groups = groupByStation(stations, configs);
    expect(groups.map((g) => [g.key, g.pvs.map((pv) => pv.name)])).toEqual([
      ['station-1', ['Füllstand Brunnen']],
      ['station-2', ['Füllstand Kammer 1']],
      ['other', ['Druck unbekannte Station', 'Zähler Netz']],
    ]);
  });

  it('keeps stations without PVs', () => {
    expect(groupByStation(stations, []).map((g) => g.key)).toEqual(['station-1', 'station-2']);
  });
});

describe('filterGroups', () => {
  const groups = groupByStation(stations, configs);

  it('keeps a whole station when its name or kind matches', () => {
    expect(filterGroups(groups, '  wasserwerk ').map((g) => [g.key, g.pvs.length])).toEqual([
      ['station-1', 1],
    ]);
  });

  it('keeps only matching PVs elsewhere, by name or EKS, ignoring case and extra spaces', () => {
    expect(
      filterGroups(groups, 'FÜLLSTAND   kammer').map((g) => [g.key, g.pvs.map((pv) => pv.name)]),
    ).toEqual([['station-2', ['Füllstand Kammer 1']]]);
    expect(filterGroups(groups, 'eks-100001').map((g) => g.key)).toEqual(['station-1']);
  });

  it('keeps everything for an empty filter and nothing for no match', () => {
    expect(filterGroups(groups, ' ')).toHaveLength(3);
    expect(filterGroups(groups, 'xyz')).toEqual([]);
  });
});
