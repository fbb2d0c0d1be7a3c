import type { DashboardConfig, WeatherReply } from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import type { StandIn } from '../test-support/local-peers.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';
import { loginAsNewUser } from '../test-support/users.js';
import { startWeatherStandIn } from '../test-support/weather-stand-in.js';

describe.each(BOTH_DIALECTS)('weather of the dashboard widgets on %s', (dialect) => {
  let standIn: StandIn;
  let server: TestServer;
  let viewer: LoggedIn;
  let config: DashboardConfig;

  const get = async (who: LoggedIn | null, path: string) => {
    const reply = await fetch(`${server.url}${path}`, { headers: who ? { cookie: who.cookie } : {} });
    return { status: reply.status, text: await reply.text() };
  };
  const widgetsOf = (kind: string) =>
    config.dashboards.flatMap((d) => d.widgets).filter((w) => w.kind === kind);

  beforeAll(async () => {
    standIn = await startWeatherStandIn({ temperature: 12.5, icon: '04d', up: true }, 'secret-app-id');
    server = await startTestServer({
      dialect,
      config: { weatherUrl: standIn.url, weatherKey: 'secret-app-id' },
    });
    viewer = await loginAsNewUser(server, 'wetter.leser', 'viewer');
    config = JSON.parse((await get(viewer, '/api/dashboard/config')).text) as DashboardConfig;
  });
  afterAll(async () => {
    await server?.close();
    await standIn?.close();
  });

  it("answers a weather widget's actual weather and forecast; the key never leaves the server", async () => {
    const [actual, forecast] = ['ActualWeather', 'ForecastWeather'].map((mode) =>
      widgetsOf('Weather').find((w) => w.kind === 'Weather' && w.mode === mode)!,
    );
    const now = await get(viewer, `/api/dashboard/weather/${actual!.id}`);
    expect(now.status).toBe(200);
    expect(now.text).not.toContain('secret-app-id');
    expect(JSON.parse(now.text) as WeatherReply).toMatchObject({
      status: 'ok',
      mode: 'ActualWeather',
      place: 'Talaue',
      current: { temperature: 12.5, weatherCondition: 'BrokenClouds', rain3h: 0.9 },
    });
    const later = JSON.parse(
      (await get(viewer, `/api/dashboard/weather/${forecast!.id}`)).text,
    ) as WeatherReply;
    expect(later.forecast.map((f) => f.temperature)).toEqual([12.5, 13.5, 14.5, 15.5]);
    expect(
      standIn.requests.every((r) => r.url.includes('zip=36037%2CDE') && r.url.includes('units=metric')),
    ).toBe(true);
  });

  it('answers 404 for widgets that are no weather widget, and nothing without a session', async () => {
    const note = widgetsOf('Note')[0]!;
    expect((await get(viewer, `/api/dashboard/weather/${note.id}`)).status).toBe(404);
    expect((await get(viewer, '/api/dashboard/weather/99999')).status).toBe(404);
    expect((await get(viewer, '/api/dashboard/weather/abc')).status).toBe(400);
    expect((await get(null, `/api/dashboard/weather/${widgetsOf('Weather')[0]!.id}`)).status).toBe(401);
  });
});
