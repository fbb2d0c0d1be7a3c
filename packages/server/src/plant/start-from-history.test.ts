// Issue 20 "The demo utility must look like a real one from the first minute": on an empty store
// the simulator's own run of the last days becomes the history, with the alerts it raised (the
// engine's detectors on its values and limits), acknowledged by the plant's operator at plausible
// times, each coming and going in the system event archive, and live values going on from there.
import { DAY_MS, type Alert } from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

const HB_LEVEL = { type: 'AnaIn', nr: 200010 } as const;

describe.each(BOTH_DIALECTS)('the demo plant on a fresh %s store', (dialect) => {
  let server: TestServer;
  let started: number;
  let alerts: Alert[];

  beforeAll(async () => {
    started = Date.now();
    // One day keeps the test short; the same run covers the last 7 days of a real start.
    server = await startTestServer({ dialect, config: { backfill: true, backfillDays: 1 } });
    const result = await server.services.historian.backfillDone();
    expect(result?.samples).toBeGreaterThan(100_000);
    alerts = (await server.services.domain.alerts.range(started - 2 * DAY_MS, started, 100_000)).alerts;
  }, 240_000);
  afterAll(async () => {
    await server?.close();
  });

  it('holds the day of alerts the simulated values raised, each at a value beyond its limit', async () => {
    expect(alerts.length).toBeGreaterThan(10);
    expect(alerts.every((a) => a.comingAt >= started - DAY_MS - 60_000 && a.comingAt < started)).toBe(true);
    const limitAlerts = alerts.filter((a) => a.limitType !== null && a.pv !== null);
    expect(limitAlerts.length).toBeGreaterThan(0);
    for (const alert of limitAlerts.slice(0, 10)) {
      const { series } = await server.services.historian.chartData({
        series: [{ pv: alert.pv!, measurementType: 'Aktuell' }],
        start: alert.comingAt - 10 * 60_000,
        end: alert.comingAt + 1,
        width: 1,
        source: 'MeasurementArchive',
        reduce: false,
      });
      const archived = series[0]?.points.at(-1)?.v as number;
      const below = alert.limitType === 'Bottom' || alert.limitType === 'BottomMiddle';
      if (below) expect(archived, alert.source).toBeLessThanOrEqual(alert.limit as number);
      else expect(archived, alert.source).toBeGreaterThanOrEqual(alert.limit as number);
    }
  });

  it("has them acknowledged by the plant's operator after they came, and going when their condition cleared", async () => {
    const acknowledged = alerts.filter((a) => a.acknowledgedAt !== null);
    expect(acknowledged.length).toBeGreaterThan(alerts.length / 2);
    for (const alert of acknowledged) {
      expect(alert.acknowledgedBy).toBe('betrieb');
      expect(alert.ackOrigin).toBe('user');
      expect(alert.acknowledgedAt as number).toBeGreaterThan(alert.comingAt);
      expect(alert.acknowledgedAt as number).toBeLessThan(started + 60_000);
    }
    expect(alerts.some((a) => a.goingAt !== null && a.goingAt > a.comingAt)).toBe(true);
  });

  it('records each coming and going in the system event archive and each acknowledgement in the audit', async () => {
    const { events } = await server.services.domain.controlEvents.query(
      started - 2 * DAY_MS,
      started,
      100_000,
    );
    const kinds = (kind: string) => events.filter((e) => e.kind === kind);
    expect(kinds('alertComing')).toHaveLength(alerts.length);
    // An alert of the history may go live after the start: its going is outside this window.
    const wentBefore = alerts.filter((a) => a.goingAt !== null && a.goingAt < started);
    expect(kinds('alertGoing')).toHaveLength(wentBefore.length);
    const acks = kinds('alerts.acknowledge');
    expect(acks).toHaveLength(alerts.filter((a) => a.acknowledgedAt !== null).length);
    expect(acks.every((e) => e.username === 'betrieb')).toBe(true);
    const coming = kinds('alertComing')[0];
    const alert = alerts.find((a) => a.comingAt === coming?.at && a.message === coming?.text);
    expect(alert).toBeDefined();
    expect(coming?.object).toBe(alert?.description);
  });

  it('goes on live where the simulated day ended: a level continues without a jump', async () => {
    await server.services.historian.flush();
    const { series } = await server.services.historian.chartData({
      series: [{ pv: HB_LEVEL, measurementType: 'Aktuell' }],
      start: started - 15 * 60_000,
      end: Date.now() + 1,
      width: 1,
      source: 'MeasurementArchive',
      reduce: false,
    });
    const points = series[0]?.points ?? [];
    const before = points.filter((p) => p.t < started).at(-1);
    const after = points.find((p) => p.t >= started);
    expect(before).toBeDefined();
    expect(after).toBeDefined();
    expect(Math.abs((after?.v as number) - (before?.v as number))).toBeLessThan(0.1);
    // One sample a minute up to the start: no span without samples before the live values (when
    // the first live sample follows depends on the machine's load, not on the history).
    expect(started - (before?.t as number)).toBeLessThan(2 * 60_000);
  });

  it("records the basins' overflows of the simulated day as their archived overflow inputs show them", async () => {
    await server.services.historian.flush();
    const rueb = server.services.domain.rueb;
    const from = started - DAY_MS - 60_000;
    const years = [...new Set([new Date(from).getUTCFullYear(), new Date(started).getUTCFullYear()])];
    const events = (await Promise.all(years.map((y) => rueb.events(-1, y, 0)))).flat();
    for (const basin of rueb.configs()) {
      const { series } = await server.services.historian.chartData({
        series: [{ pv: basin.overflowPv!, measurementType: 'Aktuell' }],
        start: from,
        end: started,
        width: 1,
        source: 'MeasurementArchive',
        reduce: false,
      });
      // Each time the archived input turns on (or is on when the day begins) a spill starts.
      const points = (series[0]?.points ?? []).filter((p) => p.v !== null);
      const starts = points
        .filter((p, i) => Number(p.v) === 1 && (i === 0 || Number(points[i - 1]?.v) !== 1))
        .map((p) => p.t);
      const recorded = events.filter((e) => e.basinId === basin.id && e.start < started).map((e) => e.start);
      expect(recorded, basin.name).toEqual(starts);
    }
  });
});
