import type { ControlEventsReply, SystemSettings } from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';
import { createTestRole, loginAsNewUser } from '../test-support/users.js';

describe.each(BOTH_DIALECTS)('control event calls on %s', (dialect) => {
  let server: TestServer;
  let admin: LoggedIn;
  let viewer: LoggedIn;
  const t0 = Date.now() - 60_000;

  const get = (who: LoggedIn, query: string) =>
    fetch(`${server.url}/api/controlevent/events${query}`, { headers: { cookie: who.cookie } });
  const events = async (who: LoggedIn, query: string) => {
    const reply = await get(who, query);
    expect(reply.status, await reply.clone().text()).toBe(200);
    return (await reply.json()) as ControlEventsReply;
  };
  const range = () => `?start=${t0}&end=${Date.now() + 1000}`;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = await server.loginWithToken();
    viewer = await loginAsNewUser(server, 'events-viewer', 'viewer');
    await server.services.domain.alerts.flush();
  });
  afterAll(() => server.close());

  it('merges the audit log of every user and the system events, newest first, with the total', async () => {
    const all = await events(viewer, range());
    const kinds = all.events.map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['login', 'alertEngineStarted']));
    // The viewer sees the administrator's entries too: the archive is the plant's log book.
    expect(all.events.some((e) => e.origin === 'audit' && e.username === 'admin')).toBe(true);
    expect(all.events.every((e, i, l) => i === 0 || l[i - 1]!.at >= e.at)).toBe(true);
    expect(all.total).toBe(all.events.length);
    const one = await events(viewer, `${range()}&limit=1`);
    expect(one.events.map((e) => e.id)).toEqual([all.events[0]!.id]);
    expect(one.total).toBe(all.total);
    const iso = `?start=${new Date(t0).toISOString()}&end=${new Date(Date.now() + 1000).toISOString()}`;
    expect((await events(viewer, iso)).total).toBeGreaterThanOrEqual(all.total);
    expect((await events(viewer, '')).total).toBeGreaterThanOrEqual(all.total);
  });

  it('caps the limit at the event request limit of the system settings', async () => {
    const config = server.services.domain.systemConfig;
    const settings: SystemSettings = { ...config.get().systemSettings, eventRequestLimit: 2 };
    expect((await config.update({ systemSettings: settings }, { userId: null, username: null })).status).toBe(
      'Success',
    );
    const capped = await events(viewer, `${range()}&limit=50`);
    expect(capped.events).toHaveLength(2);
    expect(capped.total).toBeGreaterThan(2);
    await config.update(
      { systemSettings: { ...settings, eventRequestLimit: 2000 } },
      { userId: null, username: null },
    );
  });

  it('refuses bad ranges and limits', async () => {
    const now = Date.now();
    for (const query of [
      `?start=${now}&end=${now - 1}`,
      '?limit=0',
      '?limit=100001',
      '?start=2025-13-45',
      '?end=x',
    ]) {
      expect((await get(viewer, query)).status, query).toBe(400);
    }
  });

  it('refuses a user without the read right, audited', async () => {
    await createTestRole(server, 'no-rights', []);
    const nobody = await loginAsNewUser(server, 'events-nobody', 'no-rights');
    expect((await get(nobody, range())).status).toBe(403);
    const rows = await server.services.store.audit.range(t0, Date.now() + 1000, 100);
    expect(rows.find((r) => r.action === 'access.refused' && r.username === 'events-nobody')).toMatchObject({
      object: 'GET /api/controlevent/events',
    });
    expect((await events(admin, range())).events.some((e) => e.kind === 'access.refused')).toBe(true);
  });
});
