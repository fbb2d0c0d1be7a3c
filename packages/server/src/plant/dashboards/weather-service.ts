import {
  UnknownWeatherValueError,
  weatherDataFromService,
  type WeatherData,
  type WeatherMode,
  type WeatherReply,
} from '@leitwarte/core';

export interface WeatherServiceOptions {
  /** Base URL of an OpenWeatherMap-compatible service; null: not configured. */
  url: string | null;
  /** Its application id; it stays on the server. */
  key: string | null;
  now?: () => number;
  fetch?: typeof fetch;
  log?: { warn(message: string): void };
}

export interface WeatherPlace {
  mode: WeatherMode;
  zip: string;
  country: string;
}

export interface WeatherService {
  /** The weather of a place: fresh from the cache, fetched, or the last good data when the service fails. */
  weather(place: WeatherPlace): Promise<WeatherReply>;
}

/** Weather changes slowly and the service counts calls: one fetch per place and 10 minutes. */
export const WEATHER_CACHE_MS = 10 * 60_000;
const TIMEOUT_MS = 5_000;

interface Entry {
  fetchedAt: number;
  place: string | null;
  current: WeatherData | null;
  forecast: WeatherData[];
}

/**
 * Fetches current weather and forecasts by zip code and country, metric, with the application
 * id (screens §7), from the configured service and keeps the last good answer per place. A
 * failing service answers with that last answer marked stale; an item the spec cannot express
 * (unknown value type, screens §8) is an error, so the cached good data stays.
 */
export function createWeatherService(options: WeatherServiceOptions): WeatherService {
  const { url, key, now = Date.now, log } = options;
  const doFetch = options.fetch ?? fetch;
  const cache = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<Entry>>();

  async function load(place: WeatherPlace): Promise<Entry> {
    const path = place.mode === 'ActualWeather' ? 'weather' : 'forecast';
    const query = new URLSearchParams({
      zip: `${place.zip},${place.country}`,
      units: 'metric',
      appid: key ?? '',
    });
    const reply = await doFetch(`${url}/${path}?${query}`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!reply.ok) throw new Error(`weather service answered ${reply.status}`);
    const body = (await reply.json()) as { name?: unknown; list?: unknown; city?: { name?: unknown } };
    if (place.mode === 'ActualWeather') {
      return {
        fetchedAt: now(),
        place: typeof body.name === 'string' ? body.name : null,
        current: weatherDataFromService(body),
        forecast: [],
      };
    }
    if (!Array.isArray(body.list)) throw new UnknownWeatherValueError('list');
    return {
      fetchedAt: now(),
      place: typeof body.city?.name === 'string' ? body.city.name : null,
      current: null,
      forecast: body.list.map(weatherDataFromService),
    };
  }

  const reply = (
    mode: WeatherMode,
    entry: Entry,
    stale: boolean,
    error: string | null = null,
  ): WeatherReply => ({
    status: 'ok',
    mode,
    fetchedAt: entry.fetchedAt,
    stale,
    place: entry.place,
    current: entry.current,
    forecast: entry.forecast,
    error,
  });

  return {
    async weather(place) {
      const empty = {
        mode: place.mode,
        fetchedAt: null,
        stale: false,
        place: null,
        current: null,
        forecast: [],
        error: null,
      };
      if (url === null) return { status: 'notConfigured', ...empty };
      const id = `${place.mode}|${place.zip}|${place.country}`;
      const cached = cache.get(id);
      if (cached && now() - cached.fetchedAt < WEATHER_CACHE_MS) return reply(place.mode, cached, false);
      // Many browsers showing the same widget share one call to the service.
      let pending = inFlight.get(id);
      if (!pending) {
        pending = load(place).finally(() => inFlight.delete(id));
        inFlight.set(id, pending);
      }
      try {
        const entry = await pending;
        cache.set(id, entry);
        return reply(place.mode, entry, false);
      } catch (error) {
        log?.warn(
          `weather service failed for ${place.zip},${place.country}: ${error instanceof Error ? error.message : String(error)}`,
        );
        const message = error instanceof UnknownWeatherValueError ? error.message : null;
        return cached
          ? reply(place.mode, cached, true, message)
          : { ...empty, status: 'unavailable', error: message };
      }
    },
  };
}
