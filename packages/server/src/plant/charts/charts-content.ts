import { Type, type Static } from 'typebox';
import {
  ChartConfigFieldsSchema,
  ChartSeriesFieldsSchema,
  ChartTypeSchema,
  checkChartConfigFields,
  checkSeriesFields,
  defaultChartConfigFields,
  defaultSeriesFields,
  parsePvKey,
  type ChartConfigFields,
  type ChartSeriesFields,
  type ChartType,
} from '@leitwarte/core';
import { PlantDefinitionError } from '../definition-error.js';
import type { Plant } from '../plant.js';

const closed = { additionalProperties: false } as const;
const PvKey = Type.String({ pattern: '^[A-Za-z]+-[0-9]{1,15}$' });
const { pv: _pv, ...seriesFields } = ChartSeriesFieldsSchema.properties;
const { type: _type, title: _title, ...configFields } = ChartConfigFieldsSchema.properties;

/** A series in the content file: `pv` as "Type-nr", every other field optional (defaults of screens §3). */
const SeriesDocument = Type.Object(
  { pv: PvKey, ...Type.Partial(Type.Object(seriesFields)).properties },
  closed,
);
const ChartDocument = Type.Object(
  {
    key: Type.String({ pattern: '^[a-z0-9-]{1,64}$' }),
    title: Type.String({ minLength: 1, maxLength: 200 }),
    ...Type.Partial(Type.Object(configFields)).properties,
    series: Type.Array(SeriesDocument, { maxItems: 32 }),
  },
  closed,
);
interface DirectoryDocument {
  name: string;
  directories?: DirectoryDocument[];
  charts?: Static<typeof ChartDocument>[];
}
const directoryFields = {
  name: Type.String({ minLength: 1, maxLength: 200 }),
  directories: Type.Optional(Type.Array(Type.Ref('Directory'))),
  charts: Type.Optional(Type.Array(ChartDocument)),
};

/** charts.json: top-level directories per chart type (format `leitwarte-charts/1`); directories nest. */
export const ChartsContentSchema = Type.Cyclic(
  {
    Directory: Type.Object(directoryFields, closed),
    Content: Type.Object(
      {
        format: Type.Literal('leitwarte-charts/1'),
        directories: Type.Array(Type.Object({ type: ChartTypeSchema, ...directoryFields }, closed)),
      },
      closed,
    ),
  },
  'Content',
);
export type ChartsContent = Static<typeof ChartsContentSchema>;

/** A checked chart ready to insert. */
export interface SeedChart {
  key: string;
  fields: ChartConfigFields;
  series: ChartSeriesFields[];
}

/** A checked directory tree ready to insert. */
export interface SeedDirectory {
  name: string;
  type: ChartType;
  directories: SeedDirectory[];
  charts: SeedChart[];
}

/**
 * Applies the defaults and checks every chart and series against the rules and the plant (PVs
 * must exist, keys must be unique); errors name the field, e.g. `directories[0].charts[1].series[0].pv`.
 */
export function resolveChartsContent(content: ChartsContent, plant: Plant, file?: string): SeedDirectory[] {
  const keys = new Set<string>();
  const fail = (field: string, reason: string): never => {
    throw new PlantDefinitionError(field, reason, file);
  };
  const directory = (doc: DirectoryDocument, type: ChartType, at: string): SeedDirectory => ({
    name: doc.name,
    type,
    directories: (doc.directories ?? []).map((d, i) => directory(d, type, `${at}.directories[${i}]`)),
    charts: (doc.charts ?? []).map((c, i) => {
      const here = `${at}.charts[${i}]`;
      if (keys.has(c.key)) fail(`${here}.key`, `duplicate chart key ${JSON.stringify(c.key)}`);
      keys.add(c.key);
      const { key, series, ...rest } = c;
      const fields = checkChartConfigFields({ ...defaultChartConfigFields(type, c.title), ...rest });
      if (!fields.ok)
        return fail(`${here}.${fields.issues[0]?.field ?? ''}`, fields.issues[0]?.message ?? 'invalid');
      return {
        key,
        fields: fields.value,
        series: series.map((s, j) => {
          const ref = parsePvKey(s.pv);
          const config = ref && plant.config(s.pv);
          if (!ref || !config) return fail(`${here}.series[${j}].pv`, `unknown PV ${s.pv}`);
          const checked = checkSeriesFields({
            ...defaultSeriesFields(ref, j),
            pvSubtype: config.subtype,
            ...s,
            pv: ref,
          });
          if (!checked.ok)
            return fail(`${here}.series[${j}].${checked.issues[0]?.field}`, checked.issues[0]?.message ?? '');
          return checked.value;
        }),
      };
    }),
  });
  return content.directories.map((d, i) => directory(d as DirectoryDocument, d.type, `directories[${i}]`));
}
