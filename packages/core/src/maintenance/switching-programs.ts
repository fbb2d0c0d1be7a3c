import { Type, type Static } from 'typebox';
import { PvRefSchema, literalUnion } from '../contract/common.js';

/** Weekdays of a switching program, Monday first. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One switching point: the machine goes on or off at the time of day its PV holds. */
export const SwitchingPointSchema = Type.Object({
  switch: literalUnion(['on', 'off'] as const),
  /** The time-of-day PV (AnaOut, TimeOfDayValue) that holds the switching time. */
  pvRef: PvRefSchema,
});
export type SwitchingPoint = Static<typeof SwitchingPointSchema>;

/** The weekly switching program of one machine (time control table, screens §2). */
export const SwitchingProgramSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  stationNr: Type.Integer(),
  /** The machine the program switches (its running input or command output). */
  machine: PvRefSchema,
  /** Monday to Sunday, each with its switching points in time order. */
  days: Type.Array(Type.Object({ day: literalUnion(WEEKDAYS), points: Type.Array(SwitchingPointSchema) }), {
    minItems: 7,
    maxItems: 7,
  }),
});
export type SwitchingProgram = Static<typeof SwitchingProgramSchema>;

/** Query of the switching programs: a station, or -1 for all. */
export const SwitchingProgramsQuerySchema = Type.Object({
  stationNr: Type.Integer({ minimum: -1, maximum: 2_147_483_647 }),
});
export type SwitchingProgramsQuery = Static<typeof SwitchingProgramsQuerySchema>;

/** Path of the switching programs (query stationNr). Writes go through the set-values call. */
export const SWITCHING_PROGRAMS_PATH = '/api/maintenance/switching-programs';
