import { pvKey } from '@leitwarte/core';
import ical, { type CalendarComponent, type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHistoryRepository, createSeriesRepository, openHistoryDb } from '../store/historian/index.js';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';
import { createTestRole, loginAsNewUser } from '../test-support/users.js';

const isEvent = (c: CalendarComponent | undefined): c is VEvent => c?.type === 'VEVENT';

const HOURS_1 = { type: 'RechenWert', nr: 1020 } as const; // pump 1, station 1
const HOUR = 3_600_000;

describe.each(BOTH_DIALECTS)('maintenance calendar feed on %s', (dialect) => {
  let server: TestServer;
  let viewer: LoggedIn;
  let station6: LoggedIn;

  const call = (who: LoggedIn, method: string, path: string) =>
    fetch(`${server.url}${path}`, { method, headers: { cookie: who.cookie, 'x-csrf-token': who.csrfToken } });
  const events = (text: string) => Object.values(ical.sync.parseICS(text)).filter(isEvent);
  const audit = async (action: string) =>
    (await server.services.store.audit.range(0, Date.now() + 1000, 10_000)).filter(
      (r) => r.action === action,
    );

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    viewer = await loginAsNewUser(server, 'betrachter', 'viewer');
    await createTestRole(server, 'Station 6', ['read'], { allStations: false, stations: [6], pvGroups: [] });
    station6 = await loginAsNewUser(server, 'nur6', 'Station 6');
    // Ten days of pump 1's operating hours at 20 h a day, ending at the live value.
    const live = server.services.plant.values.get(pvKey(HOURS_1));
    if (live?.type !== 'RuntimeValue') throw new Error('no live runtime');
    const now = Date.now();
    const points = [];
    for (let t = now - 10 * 24 * HOUR; t < now; t += HOUR)
      points.push({ t, v: live.runtimeValue.value - (20 / 24) * ((now - t) / HOUR) });
    const hdb = await openHistoryDb(server.services.store, server.config.dataDir);
    try {
      const ids = await createSeriesRepository(hdb).ensure([pvKey(HOURS_1)]);
      const seriesId = ids.get(pvKey(HOURS_1)) as number;
      await createHistoryRepository(hdb).write({
        samples: points.map((p) => ({ seriesId, ...p })),
        merge: {},
      });
    } finally {
      await hdb.close();
    }
    await server.services.historian.rebuildRollups(now - 11 * 24 * HOUR, now + 1, [HOURS_1]);
  });
  afterAll(() => server.close());

  it('serves the forecast due dates to a session as iCalendar', async () => {
    const reply = await call(viewer, 'GET', '/api/maintenance/due.ics');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/calendar/);
    const list = events(await reply.text());
    // Pump 1's pending targets have a forecast; overdue demo machines are due today.
    const pump1 = list.filter((e) => String(e.uid).startsWith(`${pvKey(HOURS_1)}-`));
    expect(pump1.length).toBeGreaterThan(0);
    const first = pump1[0]!;
    expect(first.datetype).toBe('date');
    expect(String(first.description)).toContain('Rest');
  });

  it('admits a calendar program by the user’s token, shows only what the user may read, and refuses a revoked token', async () => {
    const issued = await call(station6, 'POST', '/api/maintenance/calendar-token');
    expect(issued.status).toBe(200);
    const { token, path } = (await issued.json()) as { token: string; path: string };
    expect(path).toBe(`/api/maintenance/due.ics?token=${token}`);
    expect((await audit('maintenance.calendarToken.issue')).map((r) => r.username)).toContain('nur6');
    const withToken = await fetch(`${server.url}${path}`);
    expect(withToken.status).toBe(200);
    const list = events(await withToken.text());
    // Station 6 only: none of pump 1's dates (station 1).
    expect(list.some((e) => String(e.uid).startsWith(`${pvKey(HOURS_1)}-`))).toBe(false);
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((e) => String(e.location) === server.services.plant.station(6)?.name)).toBe(true);
    const state = (await (await call(station6, 'GET', '/api/maintenance/calendar-token')).json()) as {
      active: boolean;
      lastUsedAt: number | null;
    };
    expect(state.active).toBe(true);
    expect(state.lastUsedAt).not.toBeNull();

    // A new token replaces the old one; revoking ends the feed.
    const second = (await (await call(station6, 'POST', '/api/maintenance/calendar-token')).json()) as {
      path: string;
    };
    expect((await fetch(`${server.url}${path}`)).status).toBe(401);
    expect((await fetch(`${server.url}${second.path}`)).status).toBe(200);
    const revoked = await call(station6, 'DELETE', '/api/maintenance/calendar-token');
    expect(await revoked.json()).toEqual({ revoked: true });
    expect((await fetch(`${server.url}${second.path}`)).status).toBe(401);
    expect((await audit('maintenance.calendarToken.revoke')).map((r) => r.username)).toContain('nur6');
    expect(
      (await audit('access.refused')).some(
        (r) => JSON.parse(r.detail ?? '{}').reason === 'calendarTokenIncorrect',
      ),
    ).toBe(true);
  });

  it('refuses without a session or token, a guessed token, and token changes without the CSRF token', async () => {
    expect((await fetch(`${server.url}/api/maintenance/due.ics`)).status).toBe(401);
    expect((await fetch(`${server.url}/api/maintenance/due.ics?token=${'a'.repeat(43)}`)).status).toBe(401);
    const noCsrf = await fetch(`${server.url}/api/maintenance/calendar-token`, {
      method: 'POST',
      headers: { cookie: viewer.cookie },
    });
    expect(noCsrf.status).toBe(403);
    expect(
      await server.services.store.db.selectFrom('maintenance_calendar_tokens').selectAll().execute(),
    ).toEqual([]);
  });
});
