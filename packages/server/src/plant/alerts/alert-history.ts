import { zonedParts, type ProcessValue, type PvRef, type Station } from '@leitwarte/core';
import type { SourceHistory } from '../../sources/data-source.js';
import { seededRandom, type Random } from '../../sources/simulator/random.js';
import type { Plant } from '../plant.js';
import { newAlertRow, type ConditionEvent, type ConditionInfo } from './alert-rows.js';
import { createAnalogDetector } from './analog-detector.js';
import { createInputDetector } from './input-detector.js';
import type { LimitService } from './limit-service.js';

/** An alert of the past: what came, when, when it went and who acknowledged it when. */
export interface PastAlert {
  info: ConditionInfo;
  comingAt: number;
  goingAt: number | null;
  acknowledged: { at: number; userId: number; username: string } | null;
}

/** A user who acknowledges alerts (holds the ackAlerts right). */
export interface Acknowledger {
  userId: number;
  username: string;
}

export interface AlertHistoryOptions {
  plant: Plant;
  limits: LimitService;
  history: SourceHistory;
  /** Alerts acknowledged after this instant stay unacknowledged (the history's end: now). */
  end: number;
  hysteresisPercent: number;
  stationConnectionPriority: number;
  acknowledgers: readonly Acknowledger[];
  seed?: number;
}

const MINUTE = 60_000;

/**
 * The control room's hours: staffed on working days 06:30 to 16:00 local time; otherwise the
 * on-call operator answers what the remote alarm calls out (priorities 1 and 2, screens §6 plans).
 */
function staffed(t: number, timeZone: string): boolean {
  const p = zonedParts(t, timeZone);
  const weekday = new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay();
  const hour = p.hour + p.minute / 60;
  return weekday >= 1 && weekday <= 5 && hour >= 6.5 && hour < 16;
}

/** The next start of a staffed shift after t (at most a weekend away): 06:30 of a working day. */
function nextShift(t: number, timeZone: string): number {
  let at = t;
  for (let i = 0; i < 5 && !staffed(at, timeZone); i++) {
    const p = zonedParts(at, timeZone);
    const hour = p.hour + p.minute / 60 + p.second / 3600;
    // To 06:30 of this day (early morning) or of the next; a DST change moves it by an hour.
    at += ((hour < 6.5 ? 6.5 - hour : 30.5 - hour) * 60 * MINUTE) | 0;
  }
  while (!staffed(at, timeZone)) at += 15 * MINUTE;
  return at;
}

const between = (random: Random, a: number, b: number) => a + (b - a) * random();

/**
 * When an operator acknowledges an alert that came at `comingAt`: within minutes while the
 * control room is staffed; at night and at weekends the on-call operator within half an hour
 * for priorities 1 and 2, the rest in the first hour of the next shift.
 */
export function acknowledgementTime(
  comingAt: number,
  priority: number,
  timeZone: string,
  random: Random,
): number {
  if (staffed(comingAt, timeZone)) return comingAt + between(random, 1, 20) * MINUTE;
  if (priority >= 1 && priority <= 2) return comingAt + between(random, 6, 35) * MINUTE;
  return nextShift(comingAt, timeZone) + between(random, 5, 60) * MINUTE;
}

/**
 * The alerts a past span of the plant's values raised, found by the alert engine's own detectors
 * (limits with their delays and hysteresis, alert inputs, station connections) minute by minute,
 * with acknowledgements by the plant's operators at plausible times.
 */
export function pastAlerts(options: AlertHistoryOptions): PastAlert[] {
  const { plant, limits, history } = options;
  const timeZone = plant.info.timeZone;
  const random = seededRandom(options.seed ?? 20);
  const alerts: PastAlert[] = [];
  const active = new Map<string, PastAlert>();
  let now = history.from;
  const emit = (event: ConditionEvent) => {
    if (event.kind === 'clear') {
      const alert = active.get(event.source);
      if (alert) alert.goingAt = now;
      active.delete(event.source);
      return;
    }
    if (active.has(event.info.source)) return;
    const alert: PastAlert = { info: event.info, comingAt: now, goingAt: null, acknowledged: null };
    active.set(event.info.source, alert);
    alerts.push(alert);
  };
  const analog = createAnalogDetector({
    plant,
    limits,
    hysteresisPercent: () => options.hysteresisPercent,
    emit,
  });
  const inputs = createInputDetector({
    plant,
    limits,
    stationConnectionPriority: () => options.stationConnectionPriority,
    emit,
  });
  const watched = history.keys.flatMap((key, i) => {
    const config = plant.config(key);
    const column = history.columns[i];
    if (!config || !column) return [];
    const limited = config.pvRef.type === 'AnaIn' && limits.activeLimits(config.pvRef).length > 0;
    if (!limited && !config.alertInputConfig) return [];
    return [{ pvRef: config.pvRef as PvRef, valueType: config.valueType, column, limited, last: Number.NaN }];
  });
  let stationAt = 0;
  for (let k = 0; k < history.minutes; k++) {
    now = history.from + k * MINUTE;
    for (const pv of watched) {
      const v = pv.column[k] as number;
      // As live: a detector sees a value when it changes (delays run on the tick below).
      if (!Number.isFinite(v) || v === pv.last) continue;
      if (pv.limited) {
        analog.onValue(
          { pvRef: pv.pvRef, quality: 'Good', timestamp: now, type: 'DoubleValue', doubleValue: v },
          now,
        );
      } else {
        const value: ProcessValue =
          pv.valueType === 'FailureStateValue'
            ? {
                pvRef: pv.pvRef,
                quality: 'Good',
                timestamp: now,
                type: 'FailureStateValue',
                failureStateValue: v,
              }
            : { pvRef: pv.pvRef, quality: 'Good', timestamp: now, type: 'BoolValue', boolValue: v === 1 };
        inputs.onValue(value);
      }
      pv.last = v;
    }
    analog.tick(now);
    while (stationAt < history.stations.length && (history.stations[stationAt]?.t ?? Infinity) <= now) {
      for (const update of history.stations[stationAt]?.updates ?? []) {
        const station = plant.station(update.stationNumber);
        if (station) inputs.onStation({ ...station, ...update } as Station);
      }
      stationAt++;
    }
  }
  if (options.acknowledgers.length > 0) {
    for (const alert of alerts) {
      const at = acknowledgementTime(alert.comingAt, alert.info.priority, timeZone, random);
      if (at >= options.end) continue;
      const who = options.acknowledgers[Math.floor(random() * options.acknowledgers.length)] as Acknowledger;
      alert.acknowledged = { at: Math.round(at), ...who };
    }
  }
  return alerts;
}

/** The stored row of a past alert. */
export function pastAlertRow(alert: PastAlert) {
  const row = newAlertRow(alert.info, alert.comingAt);
  return {
    ...row,
    active: alert.goingAt === null ? 1 : 0,
    going_at: alert.goingAt,
    acknowledged_at: alert.acknowledged?.at ?? null,
    acknowledged_by: alert.acknowledged?.username ?? null,
    acknowledged_by_id: alert.acknowledged?.userId ?? null,
    ack_origin: alert.acknowledged ? 'user' : null,
  };
}
