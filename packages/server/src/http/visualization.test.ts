import type { ProcessImageInfo, TextMessagesReply } from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';
import { createTestRole, loginAsNewUser } from '../test-support/users.js';

const IMAGES = '/Views/Visualization/ProcessImages';

describe.each(BOTH_DIALECTS)('visualisation calls on %s', (dialect) => {
  let server: TestServer;
  let admin: LoggedIn;
  let viewer: LoggedIn;
  /** Reads station 2 only. */
  let scoped: LoggedIn;
  const started = Date.now();

  const get = (who: LoggedIn | null, path: string) =>
    fetch(`${server.url}${path}`, { headers: who ? { cookie: who.cookie } : {} });
  const post = async <T>(who: LoggedIn, path: string, body: unknown) => {
    const reply = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { cookie: who.cookie, 'x-csrf-token': who.csrfToken, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: reply.status, body: (await reply.json()) as T };
  };
  const texts = async (ids: number[]) =>
    (await post<TextMessagesReply>(admin, '/api/visualization/getTextMessages', ids)).body;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = await server.loginWithToken();
    viewer = await loginAsNewUser(server, 'betrachter', 'viewer');
    await createTestRole(server, 'station-2', ['read'], { allStations: false, stations: [2], pvGroups: [] });
    scoped = await loginAsNewUser(server, 'lindenberg', 'station-2');
  });
  afterAll(() => server.close());

  it('lists the process images the user may see', async () => {
    const all = (await (await get(admin, '/api/visualization/processImages')).json()) as ProcessImageInfo[];
    expect(all.map((i) => i.name)).toEqual([
      'apw-am-sportplatz',
      'apw-muehlgraben',
      'apw-niederau',
      'dea-oberau',
      'dea-wiesental',
      'hb-lindenberg',
      'hb-talheim',
      'ka-talaue',
      'rueb-auheim',
      'rueb-talheim',
      'wasserwerk-auheim',
    ]);
    expect(all.every((i) => i.title !== '' && i.pvs.length > 0)).toBe(true);
    const mine = (await (await get(scoped, '/api/visualization/processImages')).json()) as ProcessImageInfo[];
    expect(mine.map((i) => i.name)).toEqual(['hb-lindenberg']);
  });

  it('serves an image as SVG, with or without its file ending, only with a session', async () => {
    for (const name of ['hb-lindenberg', 'hb-lindenberg.svg']) {
      const reply = await get(viewer, `${IMAGES}/${name}`);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(reply.headers.get('content-security-policy')).toContain('sandbox');
      expect(await reply.text()).toMatch(/^\s*(<\?xml[^>]*>\s*)?<svg\b/);
    }
    const anonymous = await get(null, `${IMAGES}/hb-lindenberg`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toContain('<svg');
    expect((await get(null, `${IMAGES}/..%2F..%2Fplant.json`)).status).toBe(401);
  });

  it('serves chart and dashboard keys of the image as the ids the client navigates by', async () => {
    const svg = await (await get(admin, `${IMAGES}/wasserwerk-auheim`)).text();
    const chart = /data-action="archiveChart" data-chart="([^"]*)"/.exec(svg)?.[1];
    const dashboard = /data-action="dashboard" data-dashboard="([^"]*)"/.exec(svg)?.[1];
    expect(chart).toMatch(/^\d+$/);
    expect(dashboard).toMatch(/^\d+$/);
    const configs = (await (await get(admin, `/api/charts/config/${chart}`)).json()) as { title: string };
    expect(configs.title).not.toBe('');
  });

  it('switches plans by plan entries of an image (2 toggles); a viewer is refused and audited', async () => {
    type Reply = { status: string; unauthorizedPlans: unknown[] };
    const plans = async () =>
      (
        (await (await get(admin, '/api/RemoteAlert/alarmplans')).json()) as {
          alarmPlans: { station: number; planNumber: number; active: boolean }[];
        }
      ).alarmPlans;
    const before = (await plans()).find((p) => p.station === 9 && p.planNumber === 2)!;
    const toggled = await post<Reply>(admin, '/api/RemoteAlert/toggle-plans', [
      { station: 9, faplan: 2, default: 2 },
    ]);
    expect(toggled.body.status).toBe('Success');
    expect((await plans()).find((p) => p.station === 9 && p.planNumber === 2)!.active).toBe(!before.active);
    const back = await post<Reply>(admin, '/api/RemoteAlert/toggle-plans', [
      { station: 9, faplan: 2, default: 2 },
    ]);
    expect(back.body.status).toBe('Success');
    expect((await plans()).find((p) => p.station === 9 && p.planNumber === 2)!.active).toBe(before.active);

    const refused = await post<Reply>(viewer, '/api/RemoteAlert/toggle-plans', [
      { station: 9, faplan: 2, default: 1 },
    ]);
    expect(refused.body.status).toBe('Unauthorized');
    const audit = await server.services.store.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'remoteAlarm.togglePlans.refused')
      .execute();
    expect(audit.length).toBeGreaterThan(0);

    const bad = await post<Reply>(admin, '/api/RemoteAlert/toggle-plans', [
      { station: 9, faplan: 2, default: 3 },
    ]);
    expect(bad.status).toBe(400);
  });

  it('refuses traversal, invalid and hidden names', async () => {
    for (const name of [
      '..%2F..%2Fplant.json',
      '..%2Fprocess-images%2Fhb-lindenberg.svg',
      '%2Fetc%2Fpasswd',
      'HB-Lindenberg',
      'hb-lindenberg.png',
      '.hidden',
    ]) {
      const reply = await get(admin, `${IMAGES}/${name}`);
      expect(reply.status, name).toBe(400);
      expect(await reply.text()).not.toContain('<svg');
    }
    expect((await get(admin, `${IMAGES}/gibt-es-nicht`)).status).toBe(404);
    expect((await get(scoped, `${IMAGES}/wasserwerk-auheim`)).status).toBe(404);
    expect((await get(scoped, `${IMAGES}/hb-lindenberg`)).status).toBe(200);
  });

  it('reads text messages and names unknown ids', async () => {
    const reply = await post<TextMessagesReply>(viewer, '/api/visualization/getTextMessages', [1, 2, 999]);
    expect(reply.body.status).toBe('Success');
    expect(reply.body.messages.map((m) => m.id)).toEqual([1, 2]);
    expect(reply.body.missingIds).toEqual([999]);
    expect((await post(viewer, '/api/visualization/getTextMessages', { ids: [1] })).status).toBe(400);
  });

  it('sets text messages with editTexts and audits the change', async () => {
    const reply = await post<TextMessagesReply>(admin, '/api/visualization/setTextMessages', [
      { textId: 2, targetValue: 'Wartung verschoben auf Freitag.' },
    ]);
    expect(reply.body).toMatchObject({ status: 'Success', message: null });
    expect((await texts([2])).messages[0]?.message).toBe('Wartung verschoben auf Freitag.');
    const rows = await server.services.store.audit.range(started, Date.now() + 1000, 100);
    expect(rows.find((r) => r.action === 'textMessage.set')).toMatchObject({
      object: 'text 2',
      new_value: 'Wartung verschoben auf Freitag.',
    });
  });

  it('refuses a viewer, unknown and repeated ids and empty texts, changing nothing', async () => {
    const before = (await texts([1, 3])).messages;
    const denied = await post<TextMessagesReply>(viewer, '/api/visualization/setTextMessages', [
      { textId: 1, targetValue: 'Nicht erlaubt' },
    ]);
    expect(denied.body.status).toBe('Unauthorized');
    for (const body of [
      [{ textId: 999, targetValue: 'Unbekannt' }],
      [
        { textId: 1, targetValue: 'a' },
        { textId: 1, targetValue: 'b' },
      ],
      [{ textId: 3, targetValue: '   ' }],
    ]) {
      const reply = await post<TextMessagesReply>(admin, '/api/visualization/setTextMessages', body);
      expect(reply.body.status, JSON.stringify(body)).toBe('Failed');
      expect(reply.body.message).not.toBe('');
    }
    expect((await post(admin, '/api/visualization/setTextMessages', [{ textId: 1 }])).status).toBe(400);
    expect((await texts([1, 3])).messages).toEqual(before);
    const rows = await server.services.store.audit.range(started, Date.now() + 1000, 100);
    expect(rows.find((r) => r.action === 'textMessage.set.refused')).toMatchObject({
      username: 'betrachter',
    });
  });
});
