import { startStandIn, type StandIn } from './local-peers.js';

/** What the stand-in answers: a temperature, the icon of the condition, and whether it is up. */
export interface WeatherScene {
  temperature: number;
  icon: string;
  up: boolean;
}

/**
 * A local weather service answering in OpenWeatherMap's format (current weather at /weather,
 * 3-hourly forecast at /forecast, by zip=<zip>,<country>, units=metric, appid), for tests that
 * must not reach the internet.
 */
export async function startWeatherStandIn(scene: WeatherScene, key = 'test-app-id'): Promise<StandIn> {
  const dt = Math.floor(Date.UTC(2026, 5, 10, 12) / 1000);
  const item = (offset: number) => ({
    dt: dt + offset,
    main: { temp: scene.temperature + offset / 10_800, humidity: 64, pressure: 1014 },
    weather: [{ id: 500, main: 'Rain', description: 'light rain', icon: scene.icon }],
    rain: { '1h': 0.3, '3h': 0.9 },
  });
  return startStandIn((request) => {
    const url = new URL(request.url, 'http://stand-in');
    if (!scene.up) return { status: 503, body: 'down' };
    if (url.searchParams.get('appid') !== key) return { status: 401, body: '{"cod":401}' };
    const json = (body: unknown) => ({
      status: 200,
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
    if (url.pathname.endsWith('/weather')) return json({ ...item(0), name: 'Talaue' });
    if (url.pathname.endsWith('/forecast')) {
      return json({ city: { name: 'Talaue' }, list: [0, 10_800, 21_600, 32_400].map(item) });
    }
    return { status: 404, body: 'not found' };
  });
}
