import path from 'node:path';
import {
  DayReportResolutionSchema,
  OffsetUnitSchema,
  ReportConfigKindSchema,
  ReportValueTypeSchema,
  type ReportConfig,
} from '@leitwarte/core';
import { Type, type Static } from 'typebox';
import type { Store } from '../../store/index.js';
import type { ReportRepositories } from '../../store/reports/index.js';
import { contentPv, PlantContentError, PvKeyText, readRequiredPlantContent } from '../content-file.js';

const Text = Type.String({ minLength: 1, maxLength: 200 });

/** reports.json: the plant's report configs with their columns (PVs as `Type-nr`). */
export const ReportContentSchema = Type.Object(
  {
    reports: Type.Array(
      Type.Object(
        {
          id: Type.Integer({ minimum: 1 }),
          name: Text,
          kind: ReportConfigKindSchema,
          resolution: Type.Optional(DayReportResolutionSchema),
          columns: Type.Array(
            Type.Object(
              {
                title: Text,
                unit: Type.String({ maxLength: 32 }),
                decimals: Type.Integer({ minimum: 0, maximum: 6 }),
                reportValueType: ReportValueTypeSchema,
                pv: PvKeyText,
                offset: Type.Integer({ minimum: -1000, maximum: 1000 }),
                offsetUnit: OffsetUnitSchema,
                manualInput: Type.Boolean(),
              },
              { additionalProperties: false },
            ),
            { minItems: 1 },
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

/** Reads and checks `reports.json` of a plant folder: unique ids, every PV known. */
export function loadReportContent(dir: string, plant: { config(key: string): unknown }): ReportConfig[] {
  const file = path.join(dir, 'reports.json');
  const doc = readRequiredPlantContent<Static<typeof ReportContentSchema>>(ReportContentSchema, file);
  const seen = new Set<number>();
  return doc.reports.map((r, i) => {
    if (seen.has(r.id)) throw new PlantContentError(file, `reports[${i}].id`, `id ${r.id} is used twice`);
    seen.add(r.id);
    return {
      id: r.id,
      name: r.name,
      kind: r.kind,
      ...(r.resolution ? { resolution: r.resolution } : {}),
      columns: r.columns.map((c, j) => ({
        title: c.title,
        unit: c.unit,
        decimals: c.decimals,
        manualInput: c.manualInput,
        dataBinding: {
          reportValueType: c.reportValueType,
          pvRef: contentPv(plant, c.pv, file, `reports[${i}].columns[${j}].pv`),
          offset: c.offset,
          offsetUnit: c.offsetUnit,
        },
      })),
    };
  });
}

const SEEDED_KEY = 'content:reports';

/** Puts the report configs into an empty store once; returns whether it seeded. */
export async function seedReportContent(
  store: Store,
  repos: ReportRepositories,
  configs: readonly ReportConfig[],
): Promise<boolean> {
  if ((await store.meta.get(SEEDED_KEY)) !== undefined) return false;
  for (const [sort, config] of configs.entries()) await repos.configs.put(config, sort);
  await store.meta.getOrInsert(SEEDED_KEY, () => String(configs.length));
  return true;
}
