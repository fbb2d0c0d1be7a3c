import { Type, type Static } from 'typebox';
import { PvRefSchema, ReplyStatus, literalUnion } from '../contract/common.js';
import { MANUAL_INPUT_STATES } from './manual-input.js';
import { DAY_REPORT_RESOLUTIONS, REPORT_CONFIG_KINDS } from './report-dates.js';
import { OFFSET_UNITS, REPORT_VALUE_TYPES } from './report-values.js';

export const ReportConfigKindSchema = literalUnion(REPORT_CONFIG_KINDS);
export const ReportValueTypeSchema = literalUnion(REPORT_VALUE_TYPES);
export const OffsetUnitSchema = literalUnion(OFFSET_UNITS);
export const ManualInputStateSchema = literalUnion(MANUAL_INPUT_STATES);
export const DayReportResolutionSchema = literalUnion(DAY_REPORT_RESOLUTIONS);

/** Data binding of a report column (screens §3 "Report data"). */
export const DataBindingSchema = Type.Object({
  reportValueType: ReportValueTypeSchema,
  pvRef: PvRefSchema,
  offset: Type.Integer(),
  offsetUnit: OffsetUnitSchema,
});
export type DataBinding = Static<typeof DataBindingSchema>;

/** A report column: a title, a unit and its data binding. */
export const ReportColumnSchema = Type.Object({
  title: Type.String(),
  unit: Type.String(),
  decimals: Type.Integer({ minimum: 0, maximum: 6 }),
  dataBinding: DataBindingSchema,
  /** Whether operators may enter values by hand in this column (e.g. lab values). */
  manualInput: Type.Boolean(),
  /** In report data replies: whether the signed-in user may enter values here (writeValues on the PV). */
  currentUserCanEdit: Type.Optional(Type.Boolean()),
});
export type ReportColumn = Static<typeof ReportColumnSchema>;

/** Report config (GET /api/Report/configs/{id}). */
export const ReportConfigSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  name: Type.String({ minLength: 1 }),
  kind: ReportConfigKindSchema,
  /** Day reports: hourly (default) or quarter-hour rows. */
  resolution: Type.Optional(DayReportResolutionSchema),
  columns: Type.Array(ReportColumnSchema, { minItems: 1 }),
});
export type ReportConfig = Static<typeof ReportConfigSchema>;

/** One cell of report data (screens §3): the binding and its value, perhaps entered by hand. */
export const ReportCellSchema = Type.Object({
  dataBinding: DataBindingSchema,
  value: Type.Union([Type.Number(), Type.Null()]),
  /** State of a manual input in this cell, null when none was entered. */
  manualInput: Type.Union([ManualInputStateSchema, Type.Null()]),
});
export type ReportCell = Static<typeof ReportCellSchema>;

/** Report data of one config, kind and date (GET /api/Report/data/{a}/{b}?date=). */
export const ReportDataSchema = Type.Object({
  configId: Type.Integer(),
  kind: ReportConfigKindSchema,
  date: Type.String(),
  from: Type.Number(),
  to: Type.Number(),
  columns: Type.Array(ReportColumnSchema),
  rows: Type.Array(
    Type.Object({
      index: Type.Integer(),
      from: Type.Number(),
      to: Type.Number(),
      label: Type.String(),
      values: Type.Array(ReportCellSchema),
    }),
  ),
});
export type ReportData = Static<typeof ReportDataSchema>;

/** Report manual input item (calls §3). */
export const ManualInputItemSchema = Type.Object({
  pv: PvRefSchema,
  index: Type.Integer(),
  value: Type.Union([Type.Number(), Type.Null()]),
  state: ManualInputStateSchema,
  resetManualInput: Type.Boolean(),
});
export type ManualInputItem = Static<typeof ManualInputItemSchema>;

/** Reply of the manual input call; a refusal for rights names the PVs the user may not write. */
export const ManualInputReplySchema = Type.Object({
  status: ReplyStatus,
  errorMessage: Type.String(),
  unauthorizedPvs: Type.Optional(Type.Array(PvRefSchema)),
});
export type ManualInputReply = Static<typeof ManualInputReplySchema>;

/** Stormwater overflow basin config (GET /api/RuebProtocol/ruebconfigs). */
export const RuebConfigSchema = Type.Object({
  id: Type.String(),
  stationNr: Type.Integer(),
  name: Type.String(),
  /** Storage volume in m³. */
  volume: Type.Number(),
  /** Level in m from which the basin spills. */
  overflowThreshold: Type.Number(),
  levelPv: PvRefSchema,
  overflowPv: Type.Union([PvRefSchema, Type.Null()]),
  overflowFlowPv: Type.Union([PvRefSchema, Type.Null()]),
  overflowVolumePv: Type.Union([PvRefSchema, Type.Null()]),
  inflowPv: Type.Union([PvRefSchema, Type.Null()]),
});
export type RuebConfig = Static<typeof RuebConfigSchema>;

/** One overflow event of a basin (GET /api/RuebProtocol/ruebevents/{station}/{year}/{month}). */
export const RuebEventSchema = Type.Object({
  id: Type.Integer(),
  basinId: Type.String(),
  stationNr: Type.Integer(),
  start: Type.Number(),
  /** null while the basin still spills. */
  end: Type.Union([Type.Number(), Type.Null()]),
  /** Seconds. */
  duration: Type.Number(),
  /** m³. */
  overflowVolume: Type.Number(),
  /** m. */
  maxLevel: Type.Number(),
});
export type RuebEvent = Static<typeof RuebEventSchema>;

/** A Sebam config: the monitoring of one wastewater pumping station (GET /api/Sebam/configs). */
export const SebamConfigSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  stationNr: Type.Integer(),
  description: Type.String(),
  bindings: Type.Array(Type.Object({ role: Type.String(), label: Type.String(), pvRef: PvRefSchema })),
});
export type SebamConfig = Static<typeof SebamConfigSchema>;

/** Query of the report data calls: the report date `yyyy-MM-dd` (calls §9), checked to be a real date. */
export const ReportDateQuerySchema = Type.Object({ date: Type.String({ maxLength: 10 }) });
export type ReportDateQuery = Static<typeof ReportDateQuerySchema>;

/** Path of the report data calls: the report config id and the report kind. */
export const ReportDataParamsSchema = Type.Object({
  configId: Type.Integer({ minimum: 1 }),
  kind: ReportConfigKindSchema,
});

/** Body of the manual input call: the items, all saved or none. */
export const ManualInputListSchema = Type.Array(ManualInputItemSchema, { maxItems: 2000 });
