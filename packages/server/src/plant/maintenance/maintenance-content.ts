import path from 'node:path';
import {
  RuntimeDimensionSchema,
  SERVICE_MESSAGE_TYPES,
  zonedTimeToUtc,
  type DatasheetDataItem,
  type DatasheetPart,
  type PvRef,
  type RuntimeDimension,
  type ServiceMessageType,
} from '@leitwarte/core';
import { Type, type Static } from 'typebox';
import type { MaintenanceRepositories } from '../../store/maintenance/index.js';
import type { Store } from '../../store/index.js';
import { contentPv, PlantContentError, PvKeyText, readRequiredPlantContent } from '../content-file.js';

const Text = Type.String({ minLength: 1, maxLength: 500 });

const MessageSchema = Type.Object(
  {
    message: Text,
    description: Text,
    priority: Type.Integer({ minimum: 0, maximum: 9 }),
    delayTime: Type.Integer({ minimum: 0, maximum: 65535 }),
    runtimeHours: Type.Number({ minimum: 0 }),
  },
  { additionalProperties: false },
);

/** maintenance.json: service-message texts per runtime PV, descriptions, life cycle and data sheets. */
export const MaintenanceContentSchema = Type.Object(
  {
    descriptions: Type.Array(Text),
    runtimes: Type.Array(
      Type.Object(
        {
          pv: PvKeyText,
          dimension: RuntimeDimensionSchema,
          messages: Type.Partial(
            Type.Object(Object.fromEntries(SERVICE_MESSAGE_TYPES.map((t) => [t, MessageSchema])), {
              additionalProperties: false,
            }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    lifecycle: Type.Array(
      Type.Object(
        {
          pv: PvKeyText,
          /** Local time in the plant's zone, `yyyy-MM-ddTHH:mm`. */
          at: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$' }),
          text: Text,
          kind: Type.String({ minLength: 1, maxLength: 100 }),
          user: Type.String({ minLength: 1, maxLength: 100 }),
        },
        { additionalProperties: false },
      ),
    ),
    datasheets: Type.Array(
      Type.Object(
        {
          pv: PvKeyText,
          data: Type.Array(Type.Object({ key: Text, value: Text }, { additionalProperties: false })),
          parts: Type.Array(
            Type.Object(
              { number: Text, name: Text, quantity: Type.Number({ minimum: 0 }) },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type MaintenanceDocument = Static<typeof MaintenanceContentSchema>;

/** Demo maintenance content, checked against the plant: every PV exists, runtimes are runtimes. */
export interface MaintenanceContent {
  descriptions: string[];
  configs: {
    pvRef: PvRef;
    dimension: RuntimeDimension;
    type: ServiceMessageType;
    message: string;
    description: string;
    priority: number;
    delayTime: number;
    runtimeHours: number;
  }[];
  lifecycle: { pvRef: PvRef; at: number; text: string; kind: string; user: string }[];
  datasheets: { pvRef: PvRef; data: DatasheetDataItem[]; parts: DatasheetPart[] }[];
}

/** The PV configs a content check needs. */
export interface ContentPlant {
  config(key: string): { valueType: string } | undefined;
}

/** Reads and checks `maintenance.json` of a plant folder; times are local to `timeZone`. */
export function loadMaintenanceContent(
  dir: string,
  plant: ContentPlant,
  timeZone: string,
): MaintenanceContent {
  const file = path.join(dir, 'maintenance.json');
  const doc = readRequiredPlantContent<MaintenanceDocument>(MaintenanceContentSchema, file);
  const configs: MaintenanceContent['configs'] = [];
  doc.runtimes.forEach((r, i) => {
    const pvRef = contentPv(plant, r.pv, file, `runtimes[${i}].pv`);
    if (plant.config(r.pv)?.valueType !== 'RuntimeValue') {
      throw new PlantContentError(file, `runtimes[${i}].pv`, `${r.pv} is no runtime PV`);
    }
    for (const type of SERVICE_MESSAGE_TYPES) {
      const m = (r.messages as Partial<Record<ServiceMessageType, Static<typeof MessageSchema>>>)[type];
      if (m) configs.push({ pvRef, dimension: r.dimension, type, ...m });
    }
  });
  const lifecycle = doc.lifecycle.map((e, i) => {
    const [date, time] = e.at.split('T') as [string, string];
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    const [hour, minute] = time.split(':').map(Number) as [number, number];
    return {
      pvRef: contentPv(plant, e.pv, file, `lifecycle[${i}].pv`),
      at: zonedTimeToUtc({ year, month, day, hour, minute }, timeZone),
      text: e.text,
      kind: e.kind,
      user: e.user,
    };
  });
  const datasheets = doc.datasheets.map((d, i) => ({
    pvRef: contentPv(plant, d.pv, file, `datasheets[${i}].pv`),
    data: d.data,
    parts: d.parts,
  }));
  return { descriptions: doc.descriptions, configs, lifecycle, datasheets };
}

/** Meta key marking that the demo maintenance content is in the store. */
const SEEDED_KEY = 'content:maintenance';

/**
 * Puts the content into an empty store once; later starts keep what operators changed since.
 * Returns whether it seeded.
 */
export async function seedMaintenanceContent(
  store: Store,
  repos: MaintenanceRepositories,
  content: MaintenanceContent,
  now: number,
): Promise<boolean> {
  if ((await store.meta.get(SEEDED_KEY)) !== undefined) return false;
  for (const c of content.configs) {
    await repos.configs.upsert(
      {
        pvRef: c.pvRef,
        serviceMessageType: c.type,
        delayTime: c.delayTime,
        description: c.description,
        message: c.message,
        priority: c.priority,
        runtimeHours: c.runtimeHours,
        runtimeDimension: c.dimension,
      },
      now,
    );
  }
  await repos.configs.replaceDescriptions(content.descriptions);
  for (const e of content.lifecycle) {
    await repos.lifecycle.create(
      { pvRef: e.pvRef, maintenanceTimestamp: e.at, text: e.text, kind: e.kind },
      e.user,
      now,
    );
  }
  for (const d of content.datasheets) {
    await repos.datasheets.replaceData(d.pvRef, d.data);
    await repos.datasheets.replaceParts(d.pvRef, d.parts);
  }
  await store.meta.getOrInsert(SEEDED_KEY, () => String(now));
  return true;
}
