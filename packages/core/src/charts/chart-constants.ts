/** Chart types of screens §3 "Chart config": live (realtime) and archived measurements. */
export const CHART_TYPES = ['LiveMeasurement', 'Measurement'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** Units of a chart's default time span (screens §3 "Chart config"). */
export const CHART_TIME_SPAN_UNITS = ['Hour', 'Day', 'Week', 'Month', 'Year'] as const;
export type ChartTimeSpanUnit = (typeof CHART_TIME_SPAN_UNITS)[number];

/** Data sources of the historian (screens §3 "Data sources"). */
export const DATA_SOURCES = ['MonthValues', 'MeasurementArchive', 'QuarterHourValues', 'DayValues'] as const;
export type ChartDataSource = (typeof DATA_SOURCES)[number];

/** A chart's data source preset: one data source or Auto (screens §3, default Auto). */
export const DATA_SOURCE_PRESETS = ['Auto', ...DATA_SOURCES] as const;
export type DataSourcePreset = (typeof DATA_SOURCE_PRESETS)[number];

/** How a series is drawn (screens §3 "Chart series config", Line is the default). */
export const SERIES_VIEW_TYPES = ['Line', 'Bar', 'Area', 'Point', 'StepLine'] as const;
export type SeriesViewType = (typeof SERIES_VIEW_TYPES)[number];

/** Measurement types for a series (screens §3): last value, mean, minimum, maximum. */
export const MEASUREMENT_TYPES = ['Aktuell', 'Mittelwert', 'Minwert', 'Maxwert'] as const;
export type MeasurementType = (typeof MEASUREMENT_TYPES)[number];

/**
 * The none-or-set switch of a fixed axis bound (screens §3 ymaxOrNoneCase / yminOrNoneCase,
 * default None): None lets the axis follow the data, Set fixes it at axisYMin / axisYMax.
 */
export const AXIS_BOUND_CASES = ['None', 'Set'] as const;
export type AxisBoundCase = (typeof AXIS_BOUND_CASES)[number];

/** The four limit lines a series can show, in the order bottom → top (screens §3). */
export const LIMIT_LINES = ['Bottom', 'BottomMiddle', 'TopMiddle', 'Top'] as const;
export type LimitLine = (typeof LIMIT_LINES)[number];

/** Archive maxima of automatic trend lines: 1 day, 1 month, 1 year (screens §3, §9). */
export const CHART_ARCHIVE_MAXIMA_DEFAULT = Object.freeze({
  maxDaysForArchiveValues: 1,
  maxMonthsForQuarterHourValues: 1,
  maxYearsForDayValues: 1,
});

/** Logarithmic axis base default (screens §9). */
export const LOGARITHMIC_BASE_DEFAULT = 10;

/** Live chart default range: one hour (screens §4). */
export const LIVE_CHART_DEFAULT_SPAN = Object.freeze({ timeSpanFactor: 1, timeSpanUnit: 'Hour' as const });

/** Archive chart default range: one day (screens §4). */
export const ARCHIVE_CHART_DEFAULT_SPAN = Object.freeze({ timeSpanFactor: 1, timeSpanUnit: 'Day' as const });

/** Longest text of a chart title, legend or limit-line text we accept. */
export const CHART_TEXT_MAX = 200;

/** Most series one chart may hold; more is unreadable and costly to load. */
export const CHART_SERIES_MAX = 32;
