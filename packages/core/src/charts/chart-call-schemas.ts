import { Type, type Static } from 'typebox';
import { PvRefSchema } from '../contract/common.js';
import { CHART_SERIES_MAX } from './chart-constants.js';
import {
  AnnotationFieldsSchema,
  AnnotationSchema,
  ChartConfigFieldsSchema,
  ChartConfigSchema,
  ChartSeriesConfigSchema,
  ChartSeriesFieldsSchema,
  ChartTypeSchema,
  type Annotation,
  type ChartConfig,
  type ChartSeriesConfig,
} from './chart-schemas.js';

/** Query of GET /api/charts/config: the chart type whose directory tree is wanted. */
export const ChartConfigQuerySchema = Type.Object({ type: ChartTypeSchema });
export type ChartConfigQuery = Static<typeof ChartConfigQuerySchema>;

/** A time in milliseconds since the epoch, as the annotation queries take it. */
const Millis = Type.Integer({ minimum: 0, maximum: 253_402_300_799_999 });

/**
 * Query of GET /api/charts/annotations: a time window and/or PVs as comma-separated keys
 * (`AnaIn-100010,ZaehlWert-1060`); without any, every annotation the user may read.
 */
export const AnnotationQuerySchema = Type.Object({
  start: Type.Optional(Millis),
  end: Type.Optional(Millis),
  pvs: Type.Optional(Type.String({ maxLength: 32_000 })),
});
export type AnnotationQuery = Static<typeof AnnotationQuerySchema>;

/** Body of POST /api/charts/annotations: time, PV and text; the rest defaults (visible, no report). */
export const NewAnnotationSchema = Type.Object({
  timestamp: AnnotationFieldsSchema.properties.timestamp,
  pv: AnnotationFieldsSchema.properties.pv,
  text: AnnotationFieldsSchema.properties.text,
  ...Type.Partial(
    Type.Pick(AnnotationFieldsSchema, [
      'dataSource',
      'visible',
      'showInDayReport',
      'showInWeekReport',
      'showInMonthReport',
      'showInYearReport',
    ]),
  ).properties,
});
export type NewAnnotation = Static<typeof NewAnnotationSchema>;

/**
 * Body of PATCH /api/charts/annotations: the id plus the fields to change. The id is optional
 * in the schema so that an annotation that was never saved is refused with the message of
 * screens §4 ('cannot update unsaved update annotation') rather than a schema error.
 */
export const AnnotationUpdateSchema = Type.Object({
  id: Type.Optional(Type.Integer()),
  ...Type.Partial(AnnotationFieldsSchema).properties,
});
export type AnnotationUpdate = Static<typeof AnnotationUpdateSchema>;

/** Body of POST /api/charts/delete-annotations: the ids to delete. */
export const DeleteAnnotationsSchema = Type.Array(Type.Integer(), { maxItems: 1000 });

/** Reply of POST /api/charts/delete-annotations: the ids that existed and were deleted. */
export const DeleteAnnotationsReplySchema = Type.Object({ deletedIds: Type.Array(Type.Integer()) });
export type DeleteAnnotationsReply = Static<typeof DeleteAnnotationsReplySchema>;

/** Reply of GET /api/charts/annotations. */
export const AnnotationListSchema = Type.Array(AnnotationSchema);

/** What the client makes of an annotation write: the saved annotation, or why it failed. */
export type AnnotationWriteResult =
  | { status: 'Success'; errorMessage: ''; annotation: Annotation }
  | { status: 'Failed'; errorMessage: string };

/** What the client makes of a delete: the deleted ids, or why it failed. */
export type AnnotationDeleteResult =
  { status: 'Success'; errorMessage: ''; deletedIds: number[] } | { status: 'Failed'; errorMessage: string };

/** Unknown fields in a chart write are refused rather than dropped, so a typo is not lost silently. */
const closed = { additionalProperties: false } as const;

/**
 * A series as an editor sends it: the PV plus the fields that differ from the defaults of
 * screens §3; `id` keeps an existing series of the chart, without it a series is added.
 */
export const ChartSeriesInputSchema = Type.Object(
  {
    id: Type.Optional(Type.Integer({ minimum: 0 })),
    pv: PvRefSchema,
    ...Type.Partial(Type.Omit(ChartSeriesFieldsSchema, ['pv'])).properties,
  },
  closed,
);
export type ChartSeriesInput = Static<typeof ChartSeriesInputSchema>;

const SeriesList = Type.Array(ChartSeriesInputSchema, { maxItems: CHART_SERIES_MAX });

/** Body of POST /api/charts/config: type and title, optionally other fields, the directory and series. */
export const NewChartConfigSchema = Type.Object(
  {
    type: ChartConfigFieldsSchema.properties.type,
    title: ChartConfigFieldsSchema.properties.title,
    ...Type.Partial(Type.Omit(ChartConfigFieldsSchema, ['type', 'title'])).properties,
    directoryId: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
    series: Type.Optional(SeriesList),
  },
  closed,
);
export type NewChartConfig = Static<typeof NewChartConfigSchema>;

/**
 * Body of PUT /api/charts/config/{id}: every config field but the type (which cannot change)
 * and the complete series list; series left out are removed, fields left out of a series
 * take their defaults.
 */
export const ChartConfigReplaceSchema = Type.Object(
  {
    ...Type.Omit(ChartConfigFieldsSchema, ['type']).properties,
    series: SeriesList,
  },
  closed,
);
export type ChartConfigReplace = Static<typeof ChartConfigReplaceSchema>;

/** Reply of the chart config writes: the saved config and its series in display order. */
export const ChartConfigWriteReplySchema = Type.Object({
  config: ChartConfigSchema,
  series: Type.Array(ChartSeriesConfigSchema),
});
export type ChartConfigWriteReply = Static<typeof ChartConfigWriteReplySchema>;

/** Reply of DELETE /api/charts/config/{id}: the id of the deleted chart. */
export const ChartConfigDeleteReplySchema = Type.Object({ deletedId: Type.Integer() });
export type ChartConfigDeleteReply = Static<typeof ChartConfigDeleteReplySchema>;

/** What the client makes of a chart config write: the saved chart, or why it failed. */
export type ChartConfigWriteResult =
  | { status: 'Success'; errorMessage: ''; config: ChartConfig; series: ChartSeriesConfig[] }
  | { status: 'Failed'; errorMessage: string };

/** What the client makes of a chart delete. */
export type ChartConfigDeleteResult =
  { status: 'Success'; errorMessage: ''; deletedId: number } | { status: 'Failed'; errorMessage: string };
