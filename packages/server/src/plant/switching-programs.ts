import { parsePvKey, pvKey, WEEKDAYS, type SwitchingProgram, type Weekday } from '@leitwarte/core';
import { Type, type Static } from 'typebox';
import { PlantDefinitionError } from './definition-error.js';
import type { PvDefinition } from './definition-types.js';
import { closed, Name } from './unit-schemas.js';

/** A PV key as the file writes it, e.g. `AnaOut-100701`. */
const PvKeyText = Type.String({ pattern: '^[A-Za-z]+-[0-9]+$', maxLength: 40 });

/** One switching point: on or off at the time of day the named AnaOut (TimeOfDay) holds. */
const SwitchingPointDocumentSchema = Type.Object(
  { switch: Type.Union([Type.Literal('on'), Type.Literal('off')]), pv: PvKeyText },
  closed,
);
const DayPoints = Type.Optional(Type.Array(SwitchingPointDocumentSchema, { maxItems: 48 }));

/**
 * A machine's weekly switching program (`programs` of a station, plants/README.md): per weekday
 * its on/off switching points, each bound to a time-of-day PV of the same station, so that a
 * switching time is changed by writing its PV (set-values flow, checked and audited).
 */
export const SwitchingProgramDocumentSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,63}$' }),
    name: Name,
    /** The machine the program switches: a PV key of the station (its running input or command). */
    machine: PvKeyText,
    days: Type.Object(
      {
        mon: DayPoints,
        tue: DayPoints,
        wed: DayPoints,
        thu: DayPoints,
        fri: DayPoints,
        sat: DayPoints,
        sun: DayPoints,
      },
      closed,
    ),
  },
  closed,
);
export type SwitchingProgramDocument = Static<typeof SwitchingProgramDocumentSchema>;

/**
 * Checks a station's switching programs against the expanded PVs and resolves them: the machine
 * and every switching PV must exist in the station, the switching PVs must be time-of-day
 * outputs (AnaOut, TimeOfDayValue), and no switching PV may serve two points.
 */
export function resolveSwitchingPrograms(
  docs: readonly SwitchingProgramDocument[],
  station: number,
  pvs: ReadonlyMap<string, PvDefinition>,
  used: Map<string, string>,
  ids: Set<string>,
  path: string,
): SwitchingProgram[] {
  return docs.map((doc, i) => {
    const at = `${path}[${i}]`;
    if (ids.has(doc.id)) throw new PlantDefinitionError(`${at}.id`, `program id "${doc.id}" is used twice`);
    ids.add(doc.id);
    const inStation = (key: string, field: string) => {
      const ref = parsePvKey(key);
      const pv = ref ? pvs.get(pvKey(ref)) : undefined;
      if (!pv) throw new PlantDefinitionError(field, `unknown PV ${key}`);
      if (pv.station !== station) {
        throw new PlantDefinitionError(field, `PV ${key} belongs to station ${pv.station}, not ${station}`);
      }
      return pv;
    };
    const machine = inStation(doc.machine, `${at}.machine`);
    const days = WEEKDAYS.map((day: Weekday) => ({
      day,
      points: (doc.days[day] ?? []).map((point, j) => {
        const field = `${at}.days.${day}[${j}].pv`;
        const pv = inStation(point.pv, field);
        if (pv.ref.type !== 'AnaOut' || pv.config.valueType !== 'TimeOfDayValue') {
          throw new PlantDefinitionError(
            field,
            `${point.pv} is not a time-of-day output (AnaOut, TimeOfDayValue)`,
          );
        }
        const earlier = used.get(pv.key);
        if (earlier) throw new PlantDefinitionError(field, `${point.pv} already switches ${earlier}`);
        used.set(pv.key, `${at}.days.${day}[${j}]`);
        return { switch: point.switch, pvRef: pv.ref };
      }),
    }));
    return { id: doc.id, name: doc.name, stationNr: station, machine: machine.ref, days };
  });
}
