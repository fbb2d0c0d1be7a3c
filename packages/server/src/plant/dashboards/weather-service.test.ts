import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StandIn } from '../../test-support/local-peers.js';
import { startWeatherStandIn, type WeatherScene } from '../../test-support/weather-stand-in.js';
import { createWeatherService, WEATHER_CACHE_MS } from './weather-service.js';

describe('weather service (screens §7 weather by zip and country, metric, application id)', () => {
  const scene: WeatherScene = { temperature: 17.5, icon: '10d', up: true };
  let standIn: StandIn;
  let clock = Date.UTC(2026, 5, 10, 12);
  const place = { mode: 'ActualWeather' as const, zip: '36037', country: 'DE' };

  beforeAll(async () => {
    standIn = await startWeatherStandIn(scene);
  });
  afterAll(() => standIn.close());

  it('says when no service is configured', async () => {
    const service = createWeatherService({ url: null, key: null });
    expect(await service.weather(place)).toMatchObject({ status: 'notConfigured', current: null });
  });

  it('fetches by zip and country in metric units with the key, and caches for ten minutes', async () => {
    const service = createWeatherService({
      url: `${standIn.url}/data/2.5`,
      key: 'test-app-id',
      now: () => clock,
    });
    const first = await service.weather(place);
    expect(first).toMatchObject({ status: 'ok', stale: false, place: 'Talaue', fetchedAt: clock });
    expect(first.current).toMatchObject({
      temperature: 17.5,
      humidity: 64,
      rain1h: 0.3,
      weatherCondition: 'Rain',
    });
    const asked = new URL(standIn.requests.at(-1)!.url, 'http://x');
    expect(asked.pathname).toBe('/data/2.5/weather');
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      zip: '36037,DE',
      units: 'metric',
      appid: 'test-app-id',
    });

    const calls = standIn.requests.length;
    clock += WEATHER_CACHE_MS - 1;
    await service.weather(place);
    expect(standIn.requests.length).toBe(calls);

    // The service goes down after the cache expired: the last good data, marked stale with its age.
    const fetchedAt = first.fetchedAt;
    clock += 2;
    scene.up = false;
    const stale = await service.weather(place);
    expect(stale).toMatchObject({ status: 'ok', stale: true, fetchedAt, current: { temperature: 17.5 } });
    // Nothing fetched before for the forecast: unavailable.
    expect(await service.weather({ ...place, mode: 'ForecastWeather' })).toMatchObject({
      status: 'unavailable',
      forecast: [],
    });
    scene.up = true;
  });

  it('converts the forecast timestamps from seconds', async () => {
    const service = createWeatherService({ url: standIn.url, key: 'test-app-id', now: () => clock });
    const forecast = await service.weather({ ...place, mode: 'ForecastWeather' });
    expect(forecast.forecast).toHaveLength(4);
    expect(forecast.forecast[1]!.dateTime - forecast.forecast[0]!.dateTime).toBe(10_800_000);
    expect(forecast.forecast[0]!.dateTime).toBe(Date.UTC(2026, 5, 10, 12));
  });

  it('treats an unknown weather value type as an error, keeping nothing of that answer', async () => {
    scene.icon = '77d';
    const service = createWeatherService({ url: standIn.url, key: 'test-app-id', now: () => clock });
    expect(await service.weather(place)).toMatchObject({
      status: 'unavailable',
      current: null,
      error: 'unknown weather value type "77d"',
    });
    scene.icon = '10d';
  });
});
