import { Type, type Static } from 'typebox';
import { literalUnion, parsePvKey, type PvRef } from '@leitwarte/core';
import { PlantDefinitionError } from '../definition-error.js';
import type { Plant } from '../plant.js';
import { SCENES, type SceneKind } from './scenes.js';
import type { SnapshotSource } from './snapshot-fetch.js';

const closed = { additionalProperties: false } as const;
const PvKey = Type.String({ pattern: '^[A-Za-z]+-[0-9]{1,15}$' });
const EnvName = Type.String({ pattern: '^[A-Z][A-Z0-9_]{0,63}$' });

/** webcams.json (format `leitwarte-webcams/1`). */
export const WebcamsContentSchema = Type.Object(
  {
    format: Type.Literal('leitwarte-webcams/1'),
    /** One image every this many minutes while the server runs (generated cameras). */
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
          /** A generated picture of the plant state (the demo). */
          scene: Type.Optional(literalUnion(SCENES)),
          bindings: Type.Optional(
            Type.Object(
              {
                level: Type.Optional(PvKey),
                overflow: Type.Optional(PvKey),
                rain: Type.Optional(PvKey),
                pump: Type.Optional(PvKey),
                door: Type.Optional(PvKey),
              },
              closed,
            ),
          ),
          /** A real camera: its HTTP snapshot URL (JPEG or PNG), fetched at its interval. */
          snapshot: Type.Optional(
            Type.Object(
              {
                url: Type.String({ pattern: '^https?://', maxLength: 2000 }),
                intervalSeconds: Type.Optional(Type.Integer({ minimum: 5, maximum: 86_400 })),
                timeoutSeconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 120 })),
                auth: Type.Optional(
                  Type.Object(
                    {
                      type: literalUnion(['basic', 'digest'] as const),
                      username: Type.String({ minLength: 1, maxLength: 128 }),
                      /** The environment variable holding the password (never the password itself). */
                      passwordEnv: EnvName,
                    },
                    closed,
                  ),
                ),
              },
              closed,
            ),
          ),
          /** Images of this camera older than this are deleted (default: retentionDays). */
          retentionDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 366 })),
        },
        closed,
      ),
    ),
  },
  closed,
);
export type WebcamsContent = Static<typeof WebcamsContentSchema>;

export type WebcamBinding = 'level' | 'overflow' | 'rain' | 'pump' | 'door';

interface WebcamBase {
  id: number;
  name: string;
  stationNumber: number;
  stationName: string;
  /** Images are taken this often. */
  intervalMs: number;
  retentionDays: number;
}

/** A generated camera: its station's place (for daylight) and the PVs its scene shows. */
export interface SceneWebcam extends WebcamBase {
  kind: 'generated';
  latitude: number;
  longitude: number;
  scene: SceneKind;
  bindings: Partial<Record<WebcamBinding, PvRef>>;
  /** Height of the level PV's domain, to show the level as a fraction. */
  levelMax: number | null;
}

/** A real camera whose snapshots are fetched over HTTP. */
export interface SnapshotWebcam extends WebcamBase {
  kind: 'http';
  source: SnapshotSource;
}

/** A checked webcam of the plant. */
export type WebcamDefinition = SceneWebcam | SnapshotWebcam;

export interface WebcamsSettings {
  intervalMinutes: number;
  retentionDays: number;
  backfillHours: number;
  webcams: WebcamDefinition[];
}

/** Largest snapshot taken from a camera. */
const SNAPSHOT_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Checks webcams against the plant (unique ids, known stations and PVs, a station location for a
 * generated camera, a scene or a snapshot URL, the password's variable set); errors name the field.
 */
export function resolveWebcamsContent(
  content: WebcamsContent,
  plant: Plant,
  file?: string,
  env: Record<string, string | undefined> = process.env,
): WebcamsSettings {
  const fail = (field: string, reason: string): never => {
    throw new PlantDefinitionError(field, reason, file);
  };
  const ids = new Set<number>();
  const webcams = content.webcams.map((w, i): WebcamDefinition => {
    if (ids.has(w.id)) fail(`webcams[${i}].id`, `duplicate webcam id ${w.id}`);
    ids.add(w.id);
    const station = plant.station(w.station) ?? fail(`webcams[${i}].station`, `unknown station ${w.station}`);
    const base = {
      id: w.id,
      name: w.name,
      stationNumber: station.stationNumber,
      stationName: station.name,
      retentionDays: w.retentionDays ?? content.retentionDays,
    };
    if (w.snapshot) {
      if (w.scene || w.bindings)
        fail(`webcams[${i}].snapshot`, 'a camera has a snapshot URL or a scene, not both');
      const { auth } = w.snapshot;
      const password = auth ? env[auth.passwordEnv] : undefined;
      if (auth && (password === undefined || password === ''))
        fail(
          `webcams[${i}].snapshot.auth.passwordEnv`,
          `environment variable ${auth.passwordEnv} is not set`,
        );
      return {
        ...base,
        kind: 'http',
        intervalMs: (w.snapshot.intervalSeconds ?? content.intervalMinutes * 60) * 1000,
        source: {
          url: w.snapshot.url,
          auth: auth ? { type: auth.type, username: auth.username, password: password ?? '' } : null,
          timeoutMs: (w.snapshot.timeoutSeconds ?? 10) * 1000,
          maxBytes: SNAPSHOT_MAX_BYTES,
        },
      };
    }
    const scene = w.scene ?? fail(`webcams[${i}]`, 'needs a scene or a snapshot URL');
    const location =
      station.location ?? fail(`webcams[${i}].station`, `station ${w.station} has no location`);
    const bindings: SceneWebcam['bindings'] = {};
    for (const [name, key] of Object.entries(w.bindings ?? {}) as [WebcamBinding, string][]) {
      const ref = parsePvKey(key);
      bindings[name] =
        ref && plant.config(key) ? ref : fail(`webcams[${i}].bindings.${name}`, `unknown PV ${key}`);
    }
    const level = w.bindings?.level;
    return {
      ...base,
      kind: 'generated',
      intervalMs: content.intervalMinutes * 60_000,
      ...location,
      scene,
      bindings,
      levelMax: level ? (plant.config(level)?.domainConfig?.max ?? null) : null,
    };
  });
  return {
    intervalMinutes: content.intervalMinutes,
    retentionDays: content.retentionDays,
    backfillHours: content.backfillHours,
    webcams,
  };
}
