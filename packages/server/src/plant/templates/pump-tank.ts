import type { PumpUnitDocument, TankUnitDocument } from '../definition-schema.js';
import type { PumpUnitDefinition, TankUnitDefinition } from '../definition-types.js';
import { expandAll, pv, type TemplateContext, type TemplatePv } from './pv-spec.js';

const ON_OFF = ['Ein', 'Aus'] as const;
const ENABLED = ['Freigegeben', 'Gesperrt'] as const;
/** A pump is serviced every 8000 operating hours unless the unit says otherwise. */
const DEFAULT_SERVICE_HOURS = 8000;
/** Switching cycles after which the contactor is due for inspection. */
const SERVICE_CYCLES = 50_000;

/** Pump: run state, failure input, enable command, power, runtimes, energy counter. */
export function expandPump(doc: PumpUnitDocument, ctx: TemplateContext) {
  const n = doc.name;
  const service = doc.serviceHours ?? DEFAULT_SERVICE_HOURS;
  const hours = { lower: 0, lowerMid: 0, upperMid: Math.round(service * 0.9), upper: service };
  const cycles = { lower: 0, lowerMid: 0, upperMid: SERVICE_CYCLES * 0.9, upper: SERVICE_CYCLES };
  const alert = { priority: 2, message: `${n} gestört` };
  const power = { dimension: 'kW', min: 0, max: Math.ceil(doc.power * 1.25), decimals: 1 };
  const specs: TemplatePv[] = [
    pv('running', 'DigiIn', 0, `${n} Betrieb`, 'XB01', 'Pumpe', 'BoolValue', { texts: ON_OFF }),
    pv('failure', 'DigiIn', 1, `${n} Störung`, 'XF01', 'Störung', 'FailureStateValue', {
      texts: ['Störung', 'OK'],
      alert,
    }),
    pv('enable', 'DigiOut', 0, `${n} Freigabe`, 'YB01', 'Freigabe', 'BoolValue', {
      texts: ENABLED,
      initial: true,
    }),
    pv('power', 'AnaIn', 0, `${n} Leistung`, 'CE01', 'Leistung', 'DoubleValue', power),
    pv('hours', 'RechenWert', 0, `${n} Betriebsstunden`, 'XT01', 'Laufzeit', 'RuntimeValue', {
      dimension: 'h',
      runtimeType: 'Betriebszeit',
      runtimeLimits: hours,
      initial: doc.operatingHours,
    }),
    pv('cycles', 'RechenWert', 1, `${n} Schaltspiele`, 'XT02', 'Schaltspiele', 'RuntimeValue', {
      runtimeType: 'Schaltzyklen',
      runtimeLimits: cycles,
      initial: doc.switchingCycles,
      decimals: 0,
    }),
    pv('lastStart', 'RechenWert', 2, `${n} Letzter Start`, 'XT03', 'Schaltzeit', 'TimeOfDayValue'),
    pv('energy', 'ZaehlWert', 0, `${n} Energie`, 'CE02', 'Zähler', 'CounterValue', {
      dimension: 'kWh',
      min: 0,
      decimals: 1,
    }),
  ];
  const { pvs, base } = expandAll(ctx, n, specs);
  const unit: PumpUnitDefinition = { kind: 'pump', ...base, flow: doc.flow, power: doc.power };
  return { unit, pvs };
}

/**
 * Tank, sump or basin: level with its switch points, limit inputs, day min/max and content.
 * Basins with `overflow` also report overflow state, flow, volume, duration and events (the
 * figures of the stormwater overflow reports); they lack the dry-run input, empty is normal there.
 */
export function expandTank(doc: TankUnitDocument, ctx: TemplateContext) {
  const n = doc.name;
  const level = { dimension: 'm', min: 0, max: doc.height, decimals: 2 };
  const volume = { dimension: 'm³', min: 0, max: Math.ceil(doc.height * doc.area), decimals: 1 };
  const specs: TemplatePv[] = [
    pv('level', 'AnaIn', 0, `${n} Füllstand`, 'CL01', 'Füllstand', 'DoubleValue', level),
    pv('switchOn', 'AnaOut', 0, `${n} Einschaltpunkt`, 'CL02', 'Schaltpunkt', 'DoubleValue', {
      ...level,
      initial: doc.control.on,
    }),
    pv('switchOff', 'AnaOut', 1, `${n} Ausschaltpunkt`, 'CL03', 'Schaltpunkt', 'DoubleValue', {
      ...level,
      initial: doc.control.off,
    }),
    pv('high', 'DigiIn', 0, `${n} Hochwasser`, 'XL01', 'Grenzwert', 'BoolValue', {
      texts: ['Hochwasser', 'Normal'],
      alert: { priority: 1, message: `${n}: Hochwasser` },
    }),
    pv('dayMin', 'MinMax', 0, `${n} Füllstand Tagesminimum`, 'CL04', 'Tageswerte', 'DoubleValue', level),
    pv('dayMax', 'MinMax', 1, `${n} Füllstand Tagesmaximum`, 'CL05', 'Tageswerte', 'DoubleValue', level),
    pv('volume', 'RechenWert', 0, `${n} Inhalt`, 'CL06', 'Volumen', 'DoubleValue', volume),
  ];
  if (!doc.overflow) {
    specs.push(
      pv('low', 'DigiIn', 1, `${n} Trockenlauf`, 'XL02', 'Grenzwert', 'BoolValue', {
        texts: ['Trockenlauf', 'Normal'],
        alert: { priority: 2, message: `${n}: Trockenlaufschutz angesprochen` },
      }),
    );
  } else {
    const q = 'Entlastung';
    specs.push(
      pv('overflowActive', 'DigiIn', 2, `${n} Entlastung`, 'XQ01', q, 'BoolValue', {
        texts: ['Entlastung', 'Keine Entlastung'],
        alert: { priority: 3, message: `${n}: Entlastung in den Vorfluter` },
      }),
      pv('overflowFlow', 'AnaIn', 1, `${n} Entlastungsabfluss`, 'CF01', q, 'DoubleValue', {
        dimension: 'l/s',
        min: 0,
        max: 1000,
        decimals: 1,
      }),
      pv('overflowVolume', 'ZaehlWert', 0, `${n} Entlastungsmenge`, 'CF02', q, 'CounterValue', {
        dimension: 'm³',
        min: 0,
        decimals: 1,
      }),
      pv('overflowDuration', 'RechenWert', 1, `${n} Entlastungsdauer`, 'XQ02', q, 'RuntimeValue', {
        dimension: 'h',
        runtimeType: 'Betriebszeit',
      }),
      pv('overflowEvents', 'RechenWert', 2, `${n} Entlastungsereignisse`, 'XQ03', q, 'RuntimeValue', {
        runtimeType: 'Schaltzyklen',
        decimals: 0,
      }),
    );
  }
  const { pvs, base } = expandAll(ctx, n, specs);
  const { control } = doc;
  const unit: TankUnitDefinition = {
    kind: 'tank',
    ...base,
    height: doc.height,
    area: doc.area,
    mode: control.mode,
    on: control.on,
    off: control.off,
    pumps: control.pumps,
    inflow: doc.inflow,
    outflow: doc.outflow,
    overflow: doc.overflow ?? false,
    initialLevel: doc.initialLevel ?? null,
  };
  return { unit, pvs };
}
