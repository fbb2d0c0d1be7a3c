import path from 'node:path';
import {
  formatLimitIssue,
  LIMIT_KEY_SUFFIXES,
  LIMIT_TYPES,
  validateLimitEdit,
  type LimitConfig,
  type PvRef,
} from '@leitwarte/core';
import { Type, type Static } from 'typebox';
import type { PlantDefinition } from '../definition-types.js';
import { DEMO_PLANT_PATH } from '../index.js';
import { checkPlantContent, PlantContentError, readRequiredPlantContent } from '../content-file.js';

const closed = { additionalProperties: false } as const;
const Text = Type.String({ minLength: 1, maxLength: 200 });
const PvKeyText = Type.String({ pattern: '^[A-Za-z]+-[0-9]{1,15}$' });

const LimitEntrySchema = Type.Object(
  {
    limit: Type.Number(),
    priority: Type.Integer({ minimum: 0, maximum: 9 }),
    delayTime: Type.Integer({ minimum: 0, maximum: 65535 }),
    message: Text,
    description: Type.Optional(Text),
  },
  closed,
);

/**
 * alerts.json (format `leitwarte-alerts/1`): default analog limits per AnaIn, keyed by the
 * limit key suffixes of screens §9 (ugw, mugw, mogw, ogw; a missing one is not set), and the
 * PV groups (PV areas) per station that priority outputs are acknowledged by.
 */
export const AlertContentSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    format: Type.Literal('leitwarte-alerts/1'),
    limits: Type.Array(
      Type.Object(
        {
          pv: PvKeyText,
          ugw: Type.Optional(LimitEntrySchema),
          mugw: Type.Optional(LimitEntrySchema),
          mogw: Type.Optional(LimitEntrySchema),
          ogw: Type.Optional(LimitEntrySchema),
        },
        closed,
      ),
    ),
    pvGroups: Type.Array(
      Type.Object(
        {
          id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
          station: Type.Integer({ minimum: 1 }),
          name: Text,
          pvs: Type.Array(PvKeyText, { minItems: 1 }),
        },
        closed,
      ),
    ),
  },
  closed,
);
type AlertContentDocument = Static<typeof AlertContentSchema>;

/** A PV group (PV area) of a station. */
export interface PvGroup {
  id: number;
  station: number;
  name: string;
  pvs: PvRef[];
}

/** alerts.json after checking: default limits (set ones only) and PV groups. */
export interface AlertContent {
  limits: LimitConfig[];
  pvGroups: PvGroup[];
}

/** Default descriptions of the four limits. */
export const LIMIT_DESCRIPTIONS = {
  Bottom: 'Unterer Grenzwert',
  BottomMiddle: 'Unterer mittlerer Grenzwert',
  TopMiddle: 'Oberer mittlerer Grenzwert',
  Top: 'Oberer Grenzwert',
} as const;

/** alerts.json of the demo plant, beside its plant.json. */
export const DEMO_ALERTS_PATH = path.join(path.dirname(DEMO_PLANT_PATH), 'alerts.json');

/** Checks an alerts document against the plant: PVs exist, limits obey the §5 rules, groups are the station's. */
export function parseAlertContent(
  document: unknown,
  definition: PlantDefinition,
  file: string,
): AlertContent {
  const doc = checkPlantContent<AlertContentDocument>(AlertContentSchema, document, file);
  const pvs = new Map(definition.pvs.map((pv) => [pv.key, pv]));
  const limits: LimitConfig[] = [];
  const seen = new Set<string>();
  doc.limits.forEach((entry, i) => {
    const at = `limits[${i}]`;
    const pv = pvs.get(entry.pv);
    if (!pv) throw new PlantContentError(file, `${at}.pv`, `unknown PV ${entry.pv}`);
    if (pv.ref.type !== 'AnaIn')
      throw new PlantContentError(file, `${at}.pv`, 'limits exist for AnaIn PVs only');
    if (seen.has(entry.pv)) throw new PlantContentError(file, `${at}.pv`, `${entry.pv} is listed twice`);
    seen.add(entry.pv);
    const own: LimitConfig[] = [];
    for (const limitType of LIMIT_TYPES) {
      const value = entry[LIMIT_KEY_SUFFIXES[limitType] as 'ugw' | 'mugw' | 'mogw' | 'ogw'];
      if (!value) continue;
      own.push({
        pvLimitRef: { pv: pv.ref, limitType },
        limit: value.limit,
        priority: value.priority,
        delayTime: value.delayTime,
        description: value.description ?? LIMIT_DESCRIPTIONS[limitType],
        message: value.message,
        notSet: false,
      });
    }
    const issues = validateLimitEdit(
      own.map((l) => ({ ...l, limitType: l.pvLimitRef.limitType })),
      pv.config.domainConfig,
    );
    if (issues[0]) throw new PlantContentError(file, at, formatLimitIssue(issues[0]));
    limits.push(...own);
  });
  const stations = new Set(definition.stations.map((s) => s.number));
  const ids = new Set<number>();
  const pvGroups = doc.pvGroups.map((group, i): PvGroup => {
    const at = `pvGroups[${i}]`;
    if (ids.has(group.id)) throw new PlantContentError(file, `${at}.id`, `id ${group.id} is used twice`);
    ids.add(group.id);
    if (!stations.has(group.station)) {
      throw new PlantContentError(file, `${at}.station`, `unknown station ${group.station}`);
    }
    const refs = group.pvs.map((key, j) => {
      const pv = pvs.get(key);
      if (!pv) throw new PlantContentError(file, `${at}.pvs[${j}]`, `unknown PV ${key}`);
      if (pv.station !== group.station) {
        throw new PlantContentError(file, `${at}.pvs[${j}]`, `${key} belongs to station ${pv.station}`);
      }
      return pv.ref;
    });
    return { id: group.id, station: group.station, name: group.name, pvs: refs };
  });
  return { limits, pvGroups };
}

/** Reads and checks alerts.json (format above) for a plant definition. */
export function loadAlertContent(file: string, definition: PlantDefinition): AlertContent {
  return parseAlertContent(readRequiredPlantContent<unknown>(Type.Unknown(), file), definition, file);
}
