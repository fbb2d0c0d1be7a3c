import { Type, type Static } from 'typebox';
import { literalUnion } from './common.js';

/** Dial states of screens §3 "Station". */
export const DIAL_STATES = [
  'NotConnected',
  'HangingUp',
  'Connected',
  'Busy',
  'TimeOut',
  'CommunicationError',
  'ConnectionError',
  'NotDefined',
] as const;
export type DialState = (typeof DIAL_STATES)[number];

/** Station of screens §3 (station data plus the station model). */
export const StationSchema = Type.Object({
  stationNumber: Type.Integer(),
  name: Type.String(),
  /** What kind of plant the station is, e.g. "Wasserwerk", "Hochbehälter". */
  kind: Type.String(),
  dialState: literalUnion(DIAL_STATES),
  timestamp: Type.Number(),
  lastConnection: Type.Union([Type.Number(), Type.Null()]),
  dialCounters: Type.Object({
    mobileNetworkStandard: Type.String(),
    dayCounter: Type.Integer(),
    monthCounter: Type.Integer(),
    yearCounter: Type.Integer(),
  }),
  hasGeoLocation: Type.Boolean(),
  location: Type.Union([Type.Null(), Type.Object({ latitude: Type.Number(), longitude: Type.Number() })]),
  processImage: Type.Union([Type.String(), Type.Null()]),
});
export type Station = Static<typeof StationSchema>;
