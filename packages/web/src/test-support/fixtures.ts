import type { PvAllItem, Station, UserInfo } from '@leitwarte/core';

export const operator: UserInfo = {
  id: 7,
  username: 'operator',
  displayName: 'Olga Operator',
  role: 'operator',
  language: 'de',
  csrfToken: 'session-csrf',
  idleTimeoutMs: 900_000,
};

export function station(stationNumber: number, name: string, overrides: Partial<Station> = {}): Station {
  return {
    stationNumber,
    name,
    kind: 'Hochbehälter',
    dialState: 'Connected',
    timestamp: 0,
    lastConnection: null,
    dialCounters: { mobileNetworkStandard: 'LTE', dayCounter: 0, monthCounter: 0, yearCounter: 0 },
    hasGeoLocation: false,
    location: null,
    processImage: null,
    keyValues: [],
    ...overrides,
  };
}

/** An analog input with a current reading. */
export function analogPv(
  nr: number,
  name: string,
  doubleValue: number,
  quality: 'Good' | 'Bad' | 'Uncertain' = 'Good',
): PvAllItem {
  return {
    config: {
      pvRef: { type: 'AnaIn', nr },
      name,
      eksNr: `EKS-${nr}`,
      dimension: 'm',
      subtype: 'Füllstand',
      valueType: 'DoubleValue',
      alertInputConfig: null,
      domainConfig: { min: 0, max: 10 },
      digiDisplayConfig: null,
    },
    value: {
      pvRef: { type: 'AnaIn', nr },
      type: 'DoubleValue',
      doubleValue,
      quality,
      timestamp: 1_700_000_000_000,
    },
  };
}
