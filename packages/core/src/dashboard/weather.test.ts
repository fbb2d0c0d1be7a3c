import { describe, expect, it } from 'vitest';
import { UnknownWeatherValueError, weatherConditionOf, weatherDataFromService } from './weather.js';

describe('weather data (screens §3 Weather data, §8 unknown weather value type)', () => {
  it('names the nine conditions by the service icon, day and night', () => {
    expect(weatherConditionOf('01d')).toBe('ClearSky');
    expect(weatherConditionOf('02n')).toBe('FewClouds');
    expect(weatherConditionOf('04d')).toBe('BrokenClouds');
    expect(weatherConditionOf('09d')).toBe('ShowerRain');
    expect(weatherConditionOf('11n')).toBe('Thunderstorm');
    expect(weatherConditionOf('50d')).toBe('Mist');
  });

  it('refuses an unknown value type with an error', () => {
    expect(() => weatherConditionOf('07d')).toThrow(UnknownWeatherValueError);
    expect(() => weatherConditionOf(undefined)).toThrow('unknown weather value type "undefined"');
    expect(() => weatherDataFromService({ dt: 1, main: { temp: 'warm', humidity: 1, pressure: 1 } })).toThrow(
      UnknownWeatherValueError,
    );
  });

  it('converts a service item: seconds to ms, metric values, rain and snow for 1 h and 3 h', () => {
    expect(
      weatherDataFromService({
        dt: 1_750_000_000,
        main: { temp: 18.4, humidity: 71, pressure: 1012 },
        rain: { '1h': 0.4, '3h': 1.2 },
        weather: [{ icon: '10d' }],
      }),
    ).toEqual({
      dateTime: 1_750_000_000_000,
      temperature: 18.4,
      humidity: 71,
      pressure: 1012,
      rain1h: 0.4,
      rain3h: 1.2,
      snow1h: null,
      snow3h: null,
      weatherCondition: 'Rain',
    });
  });
});
