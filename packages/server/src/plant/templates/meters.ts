import type {
  FlowUnitDocument,
  MeasurementUnitDocument,
  PressureUnitDocument,
} from '../definition-schema.js';
import type {
  FlowUnitDefinition,
  MeasurementUnitDefinition,
  PressureUnitDefinition,
} from '../definition-types.js';
import { expandAll, pv, type TemplateContext, type TemplatePv } from './pv-spec.js';

/** Flow meter: flow plus a volume counter (m³). */
export function expandFlow(doc: FlowUnitDocument, ctx: TemplateContext) {
  const n = doc.name;
  const flow = { dimension: doc.dimension, min: 0, max: doc.max, decimals: 1 };
  const volume = { dimension: 'm³', min: 0, decimals: 1 };
  const specs: TemplatePv[] = [
    pv('flow', 'AnaIn', 0, `${n} Durchfluss`, 'CF01', 'Durchfluss', 'DoubleValue', flow),
    pv('volume', 'ZaehlWert', 0, `${n} Menge`, 'CF02', 'Zähler', 'CounterValue', volume),
  ];
  const { pvs, base } = expandAll(ctx, n, specs);
  const unit: FlowUnitDefinition = {
    kind: 'flow',
    ...base,
    dimension: doc.dimension,
    max: doc.max,
    measures: doc.measures,
    smoothing: doc.smoothing ?? 0,
  };
  return { unit, pvs };
}

/** Pressure: passive (follows running pumps) or controlled (speed-controlled booster with setpoint). */
export function expandPressure(doc: PressureUnitDocument, ctx: TemplateContext) {
  const n = doc.name;
  const bar = { dimension: 'bar', min: 0, max: doc.max, decimals: 2 };
  const specs: TemplatePv[] = [pv('pressure', 'AnaIn', 0, n, 'CP01', 'Druck', 'DoubleValue', bar)];
  const control = doc.mode === 'control';
  if (control) {
    specs.push(
      pv('setpoint', 'AnaOut', 0, `${n} Sollwert`, 'CP02', 'Sollwert', 'DoubleValue', {
        ...bar,
        initial: doc.setpoint,
      }),
      pv('suction', 'AnaIn', 1, `${n} Vordruck`, 'CP03', 'Druck', 'DoubleValue', {
        ...bar,
        initial: doc.suction,
        noise: 0.03,
      }),
    );
  }
  const { pvs, base } = expandAll(ctx, n, specs);
  const unit: PressureUnitDefinition = {
    kind: 'pressure',
    ...base,
    mode: doc.mode,
    max: doc.max,
    pumps: doc.pumps,
    base: control ? 0 : doc.base,
    perPump: control ? 0 : doc.perPump,
    setpoint: control ? doc.setpoint : 0,
    suction: control ? doc.suction : 0,
    demand: control ? doc.demand : [],
  };
  return { unit, pvs };
}

/** A single analog measurement (quality, temperature, rain, ...), optionally with day min/max. */
export function expandMeasurement(doc: MeasurementUnitDocument, ctx: TemplateContext) {
  const n = doc.name;
  const analog = { dimension: doc.dimension, min: doc.min, max: doc.max, decimals: doc.decimals ?? 2 };
  const specs: TemplatePv[] = [
    pv('value', 'AnaIn', 0, n, 'CQ01', doc.subtype, 'DoubleValue', {
      ...analog,
      initial: doc.nominal,
      noise: doc.noise,
    }),
  ];
  if (doc.minMax) {
    specs.push(
      pv('dayMin', 'MinMax', 0, `${n} Tagesminimum`, 'CQ02', 'Tageswerte', 'DoubleValue', analog),
      pv('dayMax', 'MinMax', 1, `${n} Tagesmaximum`, 'CQ03', 'Tageswerte', 'DoubleValue', analog),
    );
  }
  const { pvs, base } = expandAll(ctx, n, specs);
  const unit: MeasurementUnitDefinition = {
    kind: 'measurement',
    ...base,
    follows: doc.follows ?? 'noise',
    min: doc.min,
    max: doc.max,
  };
  return { unit, pvs };
}
