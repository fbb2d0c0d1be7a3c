import { Type, type Static } from 'typebox';
import { literalUnion, parsePvKey, type PvRef } from '@leitwarte/core';
import { PlantDefinitionError } from '../definition-error.js';
import type { Plant } from '../plant.js';
import { SCENES, type SceneKind } from './scenes.js';

const closed = { additionalProperties: false } as const;
const PvKey = Type.String({ pattern: '^[A-Za-z]+-[0-9]{1,15}$' });

/** webcams.json (format `leitwarte-webcams/1`). */
export const WebcamsContentSchema = Type.Object(
  {
    format: Type.Literal('leitwarte-webcams/1'),
    /** One image every this many minutes while the server runs. */
    intervalMinutes: Type.Integer({ minimum: 1, maximum: 1440 }),
    /** Images older than this are deleted. */
    retentionDays: Type.Integer({ minimum: 1, maximum: 366 }),
    /** How far back images are made up at first start (0: none). */
    backfillHours: Type.Integer({ minimum: 0, maximum: 168 }),
    webcams: Type.Array(
      Type.Object(
        {
          id: Type.Integer({ minimum: 1, maximum: 9999 }),
          name: Type.String({ minLength: 1, maxLength: 60 }),
          station: Type.Integer({ minimum: 1 }),
          scene: literalUnion(SCENES),
          bindings: Type.Object(
            {
              level: Type.Optional(PvKey),
              overflow: Type.Optional(PvKey),
              rain: Type.Optional(PvKey),
              pump: Type.Optional(PvKey),
              door: Type.Optional(PvKey),
            },
            closed,
          ),
        },
        closed,
      ),
    ),
  },
  closed,
);
export type WebcamsContent = Static<typeof WebcamsContentSchema>;

export type WebcamBinding = 'level' | 'overflow' | 'rain' | 'pump' | 'door';

/** A checked webcam: its station's place (for daylight) and the PVs its scene shows. */
export interface WebcamDefinition {
  id: number;
  name: string;
  stationNumber: number;
  stationName: string;
  latitude: number;
  longitude: number;
  scene: SceneKind;
  bindings: Partial<Record<WebcamBinding, PvRef>>;
  /** Height of the level PV's domain, to show the level as a fraction. */
  levelMax: number | null;
}

export interface WebcamsSettings {
  intervalMinutes: number;
  retentionDays: number;
  backfillHours: number;
  webcams: WebcamDefinition[];
}

/** Checks webcams against the plant (unique ids, stations with a location, known PVs); errors name the field. */
export function resolveWebcamsContent(content: WebcamsContent, plant: Plant, file?: string): WebcamsSettings {
  const fail = (field: string, reason: string): never => {
    throw new PlantDefinitionError(field, reason, file);
  };
  const ids = new Set<number>();
  const webcams = content.webcams.map((w, i): WebcamDefinition => {
    if (ids.has(w.id)) fail(`webcams[${i}].id`, `duplicate webcam id ${w.id}`);
    ids.add(w.id);
    const station = plant.station(w.station) ?? fail(`webcams[${i}].station`, `unknown station ${w.station}`);
    const location =
      station.location ?? fail(`webcams[${i}].station`, `station ${w.station} has no location`);
    const bindings: WebcamDefinition['bindings'] = {};
    for (const [name, key] of Object.entries(w.bindings) as [WebcamBinding, string][]) {
      const ref = parsePvKey(key);
      bindings[name] =
        ref && plant.config(key) ? ref : fail(`webcams[${i}].bindings.${name}`, `unknown PV ${key}`);
    }
    const levelMax = w.bindings.level ? (plant.config(w.bindings.level)?.domainConfig?.max ?? null) : null;
    return {
      id: w.id,
      name: w.name,
      stationNumber: station.stationNumber,
      stationName: station.name,
      ...location,
      scene: w.scene,
      bindings,
      levelMax,
    };
  });
  return {
    intervalMinutes: content.intervalMinutes,
    retentionDays: content.retentionDays,
    backfillHours: content.backfillHours,
    webcams,
  };
}
