import { Type, type Static } from 'typebox';
import { literalUnion } from '../contract/common.js';

/** Weather conditions of screens §3 "Weather data". */
export const WEATHER_CONDITIONS = [
  'ClearSky',
  'FewClouds',
  'ScatteredClouds',
  'BrokenClouds',
  'ShowerRain',
  'Rain',
  'Thunderstorm',
  'Snow',
  'Mist',
] as const;
export type WeatherCondition = (typeof WEATHER_CONDITIONS)[number];

/** Weather data of screens §3: one observation or forecast step, metric units, time in ms. */
export const WeatherDataSchema = Type.Object({
  dateTime: Type.Number(),
  /** °C */
  temperature: Type.Number(),
  /** % */
  humidity: Type.Number(),
  /** hPa */
  pressure: Type.Number(),
  /** mm in the last (or next) 1 h and 3 h; null when the service names none. */
  rain1h: Type.Union([Type.Number(), Type.Null()]),
  rain3h: Type.Union([Type.Number(), Type.Null()]),
  snow1h: Type.Union([Type.Number(), Type.Null()]),
  snow3h: Type.Union([Type.Number(), Type.Null()]),
  weatherCondition: literalUnion(WEATHER_CONDITIONS),
});
export type WeatherData = Static<typeof WeatherDataSchema>;

/**
 * Reply of the weather call of a weather widget: `notConfigured` when the server has no weather
 * service, `unavailable` when the service failed and nothing was fetched before; otherwise the
 * data with the time it was fetched, `stale` when it is the last good data of a failing service.
 */
export const WeatherReplySchema = Type.Object({
  status: literalUnion(['ok', 'notConfigured', 'unavailable'] as const),
  mode: literalUnion(['ActualWeather', 'ForecastWeather'] as const),
  fetchedAt: Type.Union([Type.Number(), Type.Null()]),
  stale: Type.Boolean(),
  /** Place name the service reports for the zip code, if any. */
  place: Type.Union([Type.String(), Type.Null()]),
  current: Type.Union([WeatherDataSchema, Type.Null()]),
  forecast: Type.Array(WeatherDataSchema),
  /** Why the service's last answer could not be used (e.g. an unknown weather value type). */
  error: Type.Union([Type.String(), Type.Null()]),
});
export type WeatherReply = Static<typeof WeatherReplySchema>;

/** The error of a weather value the service sends that the spec's conditions do not know (screens §8). */
export class UnknownWeatherValueError extends Error {
  constructor(readonly value: string) {
    super(`unknown weather value type "${value}"`);
    this.name = 'UnknownWeatherValueError';
  }
}

// OpenWeatherMap's icon codes name the nine conditions the spec lists (day "d" and night "n").
const ICON_CONDITIONS: Readonly<Record<string, WeatherCondition>> = {
  '01': 'ClearSky',
  '02': 'FewClouds',
  '03': 'ScatteredClouds',
  '04': 'BrokenClouds',
  '09': 'ShowerRain',
  '10': 'Rain',
  '11': 'Thunderstorm',
  '13': 'Snow',
  '50': 'Mist',
};

/** The condition of an OpenWeatherMap icon code ("10d"); anything else is an unknown value type. */
export function weatherConditionOf(icon: unknown): WeatherCondition {
  const text = typeof icon === 'string' ? icon : String(icon);
  const match = /^(\d\d)[dn]?$/.exec(text);
  const condition = match?.[1] === undefined ? undefined : ICON_CONDITIONS[match[1]];
  if (!condition) throw new UnknownWeatherValueError(text);
  return condition;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function required(v: unknown, field: string): number {
  const n = num(v);
  if (n === null) throw new UnknownWeatherValueError(`${field}: ${JSON.stringify(v)}`);
  return n;
}

/**
 * One item of an OpenWeatherMap-format reply (current weather, or a forecast list entry) as
 * weather data. `dt` is in seconds (screens §3 "Forecast items carry a timestamp in seconds").
 */
export function weatherDataFromService(item: unknown): WeatherData {
  const o = (item ?? {}) as {
    dt?: unknown;
    main?: { temp?: unknown; humidity?: unknown; pressure?: unknown };
    rain?: Record<string, unknown>;
    snow?: Record<string, unknown>;
    weather?: { icon?: unknown }[];
  };
  return {
    dateTime: required(o.dt, 'dt') * 1000,
    temperature: required(o.main?.temp, 'main.temp'),
    humidity: required(o.main?.humidity, 'main.humidity'),
    pressure: required(o.main?.pressure, 'main.pressure'),
    rain1h: num(o.rain?.['1h']),
    rain3h: num(o.rain?.['3h']),
    snow1h: num(o.snow?.['1h']),
    snow3h: num(o.snow?.['3h']),
    weatherCondition: weatherConditionOf(o.weather?.[0]?.icon),
  };
}
