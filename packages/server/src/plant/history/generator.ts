import type { PvConfig } from '@leitwarte/core';
import { curveFactor } from '../../sources/simulator/curves.js';
import { seededRandom, type Random } from '../../sources/simulator/random.js';

/** Fills `out` with one value per minute from `t0` on; `hour0` is the local hour of day at t0. */
export type MinuteGenerator = (t0: number, hour0: number, dayOfYear: number, out: Float64Array) => void;

function seedOf(key: string): number {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The drinking-water day curve per minute of the day: one array read instead of a curve lookup per value. */
const DEMAND = Float64Array.from({ length: 1440 }, (_, m) => curveFactor('drinking', m / 60));
const demandAt = (hour0: number, i: number) => DEMAND[(Math.round(hour0 * 60) + i) % 1440] as number;

const clamp = (v: number, lo: number, hi: number) => (v < lo ? lo : v > hi ? hi : v);

/** Short on/off events (door, failure): on for `minutes` at a mean rate per day. */
function events(random: Random, perDay: number, minutes: number, on: number, off: number): MinuteGenerator {
  let left = 0;
  return (_t0, _h, _d, out) => {
    for (let i = 0; i < out.length; i++) {
      if (left > 0) left--;
      else if (random() < perDay / 1440) left = minutes;
      out[i] = left > 0 ? on : off;
    }
  };
}

/**
 * A history generator per PV in the style of the simulator: the same day curves of demand, the
 * same kind of noise, but computed a day of minutes at a time and without the coupled process
 * model, so a year of 446 PVs takes seconds. Levels fill and empty in cycles, flows and powers
 * follow the drinking-water day curve, temperatures a day and a year wave, counters and runtimes
 * grow so they end near the anchor (the value where the history joins the source's own), pumps
 * run in cycles, alarms are rare short events.
 */
export function generatorFor(
  config: PvConfig,
  start: number | undefined,
  minutes: number,
  /** Counters and runtimes: mean growth per minute, e.g. as the source's recent days show it. */
  growth?: number,
): MinuteGenerator {
  const key = `${config.pvRef.type}-${config.pvRef.nr}`;
  const random = seededRandom(seedOf(key));
  const anchor = start !== undefined && Number.isFinite(start) ? start : 0;
  const lo = config.domainConfig?.min ?? Math.min(0, anchor * 2);
  const hi = config.domainConfig?.max ?? Math.max(1, anchor * 2);
  const span = hi - lo;
  const mid = anchor > lo && anchor < hi ? anchor : lo + span / 2;
  switch (config.valueType) {
    case 'BoolValue': {
      if (config.subtype !== 'Pumpe' && config.subtype !== 'Freigabe')
        return events(random, 0.1, 20, 1, anchor);
      if (config.subtype === 'Freigabe') return events(random, 0.02, 120, 1 - anchor, anchor);
      let left = 0;
      let running = false;
      return (_t0, hour0, _d, out) => {
        for (let i = 0; i < out.length; i++) {
          if (left-- <= 0) {
            running = !running;
            const demand = demandAt(hour0, i);
            left = Math.round((running ? 30 * demand : 60 / demand) * (0.5 + random()));
          }
          out[i] = running ? 1 : 0;
        }
      };
    }
    case 'FailureStateValue':
      return events(random, 0.03, 45, 2, anchor);
    case 'TimeOfDayValue':
      return (_t0, _h, _d, out) => out.fill(anchor);
    case 'CounterValue':
    case 'RuntimeValue': {
      // Mean growth per minute so the history ends near the anchor's reading.
      const perMinute =
        growth !== undefined && growth > 0
          ? growth
          : config.subtype === 'Schaltspiele'
            ? 0.02
            : config.valueType === 'CounterValue'
              ? 0.5
              : 0.3 / 60;
      let value = Math.max(0, anchor - perMinute * minutes);
      const integral = config.subtype === 'Schaltspiele';
      return (_t0, hour0, _d, out) => {
        for (let i = 0; i < out.length; i++) {
          value += perMinute * demandAt(hour0, i) * (0.8 + 0.4 * random());
          out[i] = integral ? Math.floor(value) : value;
        }
      };
    }
    case 'DoubleValue':
      break;
  }
  if (config.subtype === 'Temperatur') {
    return (_t0, hour0, day, out) => {
      const season = Math.cos((2 * Math.PI * (day - 200)) / 365) * span * 0.12;
      for (let i = 0; i < out.length; i++) {
        const h = hour0 + i / 60;
        out[i] = clamp(
          mid +
            season +
            Math.sin((2 * Math.PI * (h - 9)) / 24) * span * 0.03 +
            (random() - random()) * span * 0.003,
          lo,
          hi,
        );
      }
    };
  }
  if (config.subtype === 'Füllstand') {
    // Fill and empty between two switch points, slower at night when demand is low.
    let level = mid;
    let filling = true;
    const [low, high] = [lo + span * 0.35, lo + span * 0.8];
    return (_t0, hour0, _d, out) => {
      for (let i = 0; i < out.length; i++) {
        const demand = demandAt(hour0, i);
        level += (filling ? 1.6 - demand : -demand) * span * 0.0012;
        if (level >= high) filling = false;
        if (level <= low) filling = true;
        out[i] = clamp(level + (random() - random()) * span * 0.002, lo, hi);
      }
    };
  }
  if (config.subtype === 'Niederschlag' || config.subtype === 'Entlastung') {
    const rain = events(random, 0.4, 60, 1, 0);
    return (t0, hour0, day, out) => {
      rain(t0, hour0, day, out);
      for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) * random() * span * 0.3 + lo;
    };
  }
  const follows = ['Durchfluss', 'Leistung', 'Druck', 'Volumen'].includes(config.subtype);
  let x = mid;
  return (_t0, hour0, _d, out) => {
    for (let i = 0; i < out.length; i++) {
      x += 0.02 * (mid - x) + (random() - random()) * span * 0.004;
      const f = follows ? demandAt(hour0, i) : 1;
      out[i] = clamp(follows ? x * (0.6 + 0.4 * f) : x, lo, hi);
    }
  };
}
