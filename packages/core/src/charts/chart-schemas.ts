import { Type, type Static } from 'typebox';
import { literalUnion, PvRefSchema } from '../contract/common.js';
import {
  AXIS_BOUND_CASES,
  CHART_TEXT_MAX,
  CHART_TIME_SPAN_UNITS,
  CHART_TYPES,
  DATA_SOURCE_PRESETS,
  DATA_SOURCES,
  MEASUREMENT_TYPES,
  SERIES_VIEW_TYPES,
  type ChartType,
} from './chart-constants.js';

export const ChartTypeSchema = literalUnion(CHART_TYPES);
export const ChartTimeSpanUnitSchema = literalUnion(CHART_TIME_SPAN_UNITS);
export const DataSourceSchema = literalUnion(DATA_SOURCES);
export const DataSourcePresetSchema = literalUnion(DATA_SOURCE_PRESETS);
export const SeriesViewTypeSchema = literalUnion(SERIES_VIEW_TYPES);
export const MeasurementTypeSchema = literalUnion(MEASUREMENT_TYPES);
export const AxisBoundCaseSchema = literalUnion(AXIS_BOUND_CASES);

const Text = Type.String({ maxLength: CHART_TEXT_MAX });
const Maximum = Type.Integer({ minimum: 1, maximum: 1000 });

/** The editable fields of a chart config (screens §3 "Chart config"). */
export const ChartConfigFieldsSchema = Type.Object({
  type: ChartTypeSchema,
  title: Type.String({ maxLength: CHART_TEXT_MAX }),
  maxDaysForArchiveValues: Maximum,
  maxMonthsForQuarterHourValues: Maximum,
  maxYearsForDayValues: Maximum,
  timeSpanFactor: Type.Integer({ minimum: 1, maximum: 1000 }),
  timeSpanUnit: ChartTimeSpanUnitSchema,
  dataSourcePreset: DataSourcePresetSchema,
});
export type ChartConfigFields = Static<typeof ChartConfigFieldsSchema>;

/** A chart config as the server delivers it; currentUserCanEdit is decided per caller. */
export const ChartConfigSchema = Type.Object({
  id: Type.Integer(),
  directoryId: Type.Union([Type.Integer(), Type.Null()]),
  ...ChartConfigFieldsSchema.properties,
  currentUserCanEdit: Type.Boolean(),
});
export type ChartConfig = Static<typeof ChartConfigSchema>;

/** The editable fields of a series (screens §3 "Chart series config"). */
export const ChartSeriesFieldsSchema = Type.Object({
  sortIndex: Type.Integer({ minimum: 0, maximum: 10_000 }),
  seriesViewType: SeriesViewTypeSchema,
  /** `#rrggbbaa`; null draws the series in the palette colour of its index. */
  color: Type.Union([Type.String({ maxLength: 9 }), Type.Null()]),
  pv: PvRefSchema,
  pvSubtype: Type.String({ maxLength: CHART_TEXT_MAX }),
  measurementType: MeasurementTypeSchema,
  yminOrNoneCase: AxisBoundCaseSchema,
  axisYMin: Type.Union([Type.Number(), Type.Null()]),
  ymaxOrNoneCase: AxisBoundCaseSchema,
  axisYMax: Type.Union([Type.Number(), Type.Null()]),
  axisYIsLogarithmic: Type.Boolean(),
  axisYLogarithmicBase: Type.Number(),
  axisYReverse: Type.Boolean(),
  showLimitBottom: Type.Boolean(),
  showLimitBottomMiddle: Type.Boolean(),
  showLimitTopMiddle: Type.Boolean(),
  showLimitTop: Type.Boolean(),
  limitTextBottom: Text,
  limitTextBottomMiddle: Text,
  limitTextTopMiddle: Text,
  limitTextTop: Text,
  showEksInLegend: Type.Boolean(),
  /** Static legend text instead of the PV name (screens §3 "Series display data"); null: the PV name. */
  legendText: Type.Union([Text, Type.Null()]),
  /** Static dimension instead of the PV's; null: the PV's dimension. */
  dimension: Type.Union([Type.String({ maxLength: 32 }), Type.Null()]),
});
export type ChartSeriesFields = Static<typeof ChartSeriesFieldsSchema>;

/** A series config as delivered: the fields plus its id and the chart it belongs to. */
export const ChartSeriesConfigSchema = Type.Object({
  id: Type.Integer(),
  chartId: Type.Integer(),
  ...ChartSeriesFieldsSchema.properties,
});
export type ChartSeriesConfig = Static<typeof ChartSeriesConfigSchema>;

/** A chart directory (calls §3): nested directories and the configs directly inside. */
export interface ChartDirectory {
  id: number;
  name: string;
  type: ChartType;
  childDirectoryList: ChartDirectory[];
  configList: ChartConfig[];
}

/** Schema of ChartDirectory (cyclic: directories nest). */
export const ChartDirectorySchema = Type.Cyclic(
  {
    ChartDirectory: Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      type: ChartTypeSchema,
      childDirectoryList: Type.Array(Type.Ref('ChartDirectory')),
      configList: Type.Array(ChartConfigSchema),
    }),
  },
  'ChartDirectory',
);

/** The editable fields of an annotation (screens §3 "Annotation"). */
export const AnnotationFieldsSchema = Type.Object({
  timestamp: Type.Number(),
  pv: PvRefSchema,
  dataSource: DataSourceSchema,
  text: Type.String({ maxLength: 2000 }),
  visible: Type.Boolean(),
  showInDayReport: Type.Boolean(),
  showInWeekReport: Type.Boolean(),
  showInMonthReport: Type.Boolean(),
  showInYearReport: Type.Boolean(),
});
export type AnnotationFields = Static<typeof AnnotationFieldsSchema>;

/** A saved annotation. */
export const AnnotationSchema = Type.Object({ id: Type.Integer(), ...AnnotationFieldsSchema.properties });
export type Annotation = Static<typeof AnnotationSchema>;

/** PATCH body: the id plus the fields to change. */
export const AnnotationPatchSchema = Type.Object({
  id: Type.Integer(),
  ...Type.Partial(AnnotationFieldsSchema).properties,
});
export type AnnotationPatch = Static<typeof AnnotationPatchSchema>;

/** Chart data of one series (screens §3 "Chart data"): points plus the annotations of its PV. */
export const ChartDataSchema = Type.Object({
  seriesId: Type.Integer(),
  dimension: Type.String(),
  dataPoints: Type.Array(Type.Object({ timestamp: Type.Number(), value: Type.Number() })),
  annotations: Type.Array(AnnotationSchema),
});
export type ChartData = Static<typeof ChartDataSchema>;
