import type { AerationUnitDocument, SignalsUnitDocument, TimerUnitDocument } from '../definition-schema.js';
import type {
  AerationUnitDefinition,
  SignalsUnitDefinition,
  TimerUnitDefinition,
} from '../definition-types.js';
import { expandAll, pv, type TemplateContext, type TemplatePv } from './pv-spec.js';

const ENABLED = ['Freigegeben', 'Gesperrt'] as const;

function timeOfDay(text: string) {
  return { hour: Number(text.slice(0, 2)), minutes: Number(text.slice(3, 5)) };
}

/** Time switch: on/off time of day, enable command, active input; runs its pumps in the window. */
export function expandTimer(doc: TimerUnitDocument, ctx: TemplateContext) {
  const n = doc.name;
  const specs: TemplatePv[] = [
    pv('on', 'AnaOut', 0, `${n} Einschaltzeit`, 'YT01', 'Schaltzeit', 'TimeOfDayValue', {
      initial: timeOfDay(doc.on),
    }),
    pv('off', 'AnaOut', 1, `${n} Ausschaltzeit`, 'YT02', 'Schaltzeit', 'TimeOfDayValue', {
      initial: timeOfDay(doc.off),
    }),
    pv('enable', 'DigiOut', 0, `${n} Freigabe`, 'YB01', 'Freigabe', 'BoolValue', {
      texts: ENABLED,
      initial: true,
    }),
    pv('active', 'DigiIn', 0, `${n} aktiv`, 'XB01', 'Schaltzeit', 'BoolValue', {
      texts: ['Aktiv', 'Inaktiv'],
    }),
  ];
  const { pvs, base } = expandAll(ctx, n, specs);
  const unit: TimerUnitDefinition = { kind: 'timer', ...base, pumps: doc.pumps };
  return { unit, pvs };
}

/** Aeration lane: dissolved oxygen with on/off setpoints for its blowers and day min/max. */
export function expandAeration(doc: AerationUnitDocument, ctx: TemplateContext) {
  const n = doc.name;
  const o2 = { dimension: 'mg/l', min: 0, max: 10, decimals: 2 };
  const specs: TemplatePv[] = [
    pv('oxygen', 'AnaIn', 0, `${n} Sauerstoff`, 'CQ01', 'Sauerstoff', 'DoubleValue', o2),
    pv('switchOn', 'AnaOut', 0, `${n} Sauerstoff Einschaltwert`, 'CQ02', 'Sollwert', 'DoubleValue', {
      ...o2,
      initial: doc.on,
    }),
    pv('switchOff', 'AnaOut', 1, `${n} Sauerstoff Ausschaltwert`, 'CQ03', 'Sollwert', 'DoubleValue', {
      ...o2,
      initial: doc.off,
    }),
    pv('dayMin', 'MinMax', 0, `${n} Sauerstoff Tagesminimum`, 'CQ04', 'Tageswerte', 'DoubleValue', o2),
    pv('dayMax', 'MinMax', 1, `${n} Sauerstoff Tagesmaximum`, 'CQ05', 'Tageswerte', 'DoubleValue', o2),
  ];
  const { pvs, base } = expandAll(ctx, n, specs);
  const unit: AerationUnitDefinition = { kind: 'aeration', ...base, blowers: doc.blowers, load: doc.load };
  return { unit, pvs };
}

/** Telemetry station signals: door, mains failure, cabinet temperature, UPS, collective failure, signal. */
export function expandSignals(doc: SignalsUnitDocument, ctx: TemplateContext) {
  const n = doc.name;
  const temperature = { dimension: '°C', min: -20, max: 60, decimals: 1, initial: 21, noise: 0.4 };
  const battery = { dimension: 'V', min: 0, max: 30, decimals: 2, initial: 27.3, noise: 0.05 };
  const signal = { dimension: 'dBm', min: -120, max: -40, decimals: 0, initial: -78, noise: 3 };
  const specs: TemplatePv[] = [
    pv('door', 'DigiIn', 0, `${n} Tür`, 'XZ01', 'Meldung', 'BoolValue', {
      texts: ['Offen', 'Geschlossen'],
      alert: { priority: 5, message: 'Tür geöffnet' },
    }),
    pv('mains', 'DigiIn', 1, `${n} Netzausfall`, 'XZ02', 'Störung', 'BoolValue', {
      texts: ['Netzausfall', 'OK'],
      alert: { priority: 1, message: 'Netzausfall – Station läuft auf USV' },
    }),
    pv(
      'temperature',
      'AnaIn',
      0,
      `${n} Schaltschranktemperatur`,
      'CT01',
      'Temperatur',
      'DoubleValue',
      temperature,
    ),
    pv('battery', 'AnaIn', 1, `${n} USV-Batteriespannung`, 'CE01', 'Spannung', 'DoubleValue', battery),
    pv('collective', 'PlsObject', 0, `${n} Sammelstörung`, 'XF01', 'Störung', 'FailureStateValue', {
      texts: ['Störung', 'OK'],
      alert: { priority: 2, message: 'Sammelstörung Station' },
    }),
    pv('signal', 'PlsObject', 1, `${n} Signalstärke`, 'CK01', 'Kommunikation', 'DoubleValue', signal),
  ];
  const { pvs, base } = expandAll(ctx, n, specs);
  const unit: SignalsUnitDefinition = { kind: 'signals', ...base };
  return { unit, pvs };
}
