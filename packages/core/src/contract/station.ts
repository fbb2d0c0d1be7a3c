import { Type, type Static } from 'typebox';
import { literalUnion, PvRefSchema } from './common.js';

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
  /**
   * The readings an operator looks at first (levels, flows, pressures, pump states), as the plant
   * definition's units name them; the overview's tiles show these.
   */
  keyValues: Type.Array(PvRefSchema),
});
export type Station = Static<typeof StationSchema>;

/** Dial actions of a station call (screens §9 "Dial confirmation actions"). */
export const STATION_CALL_ACTIONS = ['Connect', 'Disconnect', 'Status'] as const;
export type StationCallAction = (typeof STATION_CALL_ACTIONS)[number];

/** POST /api/station/call body: the action and the stations to dial. */
export const StationCallRequestSchema = Type.Object(
  {
    action: literalUnion(STATION_CALL_ACTIONS),
    stations: Type.Array(Type.Integer({ minimum: 0, maximum: 2_147_483_647 }), {
      minItems: 1,
      maxItems: 1024,
    }),
  },
  { additionalProperties: false },
);
export type StationCallRequest = Static<typeof StationCallRequestSchema>;

/**
 * POST /api/station/call reply (screens §7): stations unknown (missing), refusing the action
 * (notCallable) or not allowed to the user (unauthorized); nothing is dialed when a station is
 * missing or unauthorized.
 */
export const StationCallReplySchema = Type.Object({
  status: literalUnion(['Success', 'Failed', 'Unauthorized'] as const),
  missing: Type.Array(Type.Integer()),
  notCallable: Type.Array(Type.Integer()),
  unauthorized: Type.Array(Type.Integer()),
  errorMessage: Type.Union([Type.String(), Type.Null()]),
});
export type StationCallReply = Static<typeof StationCallReplySchema>;
