import { Group, Stack, Text } from '@mantine/core';
import type { DashboardWidget, WeatherData } from '@leitwarte/core';
import type { TFunction } from 'i18next';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getWidgetWeather } from '../../../api/dashboard';
import { WeatherIcon } from './weather-icon';

type Weather = Extract<DashboardWidget, { kind: 'Weather' }>;

/** The server caches for ten minutes; asking every five keeps the shown data at most that old. */
const REFRESH_MS = 5 * 60_000;
/** Forecast steps shown (3-hourly: one day). */
const FORECAST_STEPS = 8;

function amounts(d: WeatherData, t: TFunction, n: Intl.NumberFormat) {
  const parts: string[] = [];
  if (d.rain1h !== null) parts.push(t('dashboard.weather.rain1h', { mm: n.format(d.rain1h) }));
  if (d.rain3h !== null) parts.push(t('dashboard.weather.rain3h', { mm: n.format(d.rain3h) }));
  if (d.snow1h !== null) parts.push(t('dashboard.weather.snow1h', { mm: n.format(d.snow1h) }));
  if (d.snow3h !== null) parts.push(t('dashboard.weather.snow3h', { mm: n.format(d.snow3h) }));
  return parts;
}

/**
 * Actual weather or forecast of the widget's zip code and country (screens §2, §3): temperature,
 * humidity, pressure, rain and snow over 1 h and 3 h, and the condition with its symbol. The
 * server fetches it; when its service fails the last good data is shown with its age.
 */
export function WeatherWidget({ widget, locale }: { widget: Weather; locale: string }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['dashboard', 'weather', widget.id] as const,
    queryFn: ({ signal }) => getWidgetWeather(widget.id, signal),
    refetchInterval: REFRESH_MS,
  });
  const n = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const time = new Intl.DateTimeFormat(locale, { weekday: 'short', hour: '2-digit', minute: '2-digit' });
  const data = query.data;

  if (query.isPending)
    return (
      <Text size="sm" c="dimmed">
        {t('app.loading')}
      </Text>
    );
  if (query.error || !data)
    return (
      <Text size="sm" c="red">
        {t('dashboard.weather.unavailable')}
      </Text>
    );
  if (data.status === 'notConfigured') {
    return (
      <Text size="sm" c="dimmed" data-testid="weather-not-configured">
        {t('dashboard.weather.notConfigured')}
      </Text>
    );
  }
  if (data.status === 'unavailable') {
    return (
      <Text size="sm" c="red" role="alert">
        {t('dashboard.weather.unavailable')} {data.error ?? ''}
      </Text>
    );
  }
  const age =
    data.stale && data.fetchedAt !== null ? (
      <Text size="xs" c="orange.8" data-testid="weather-stale">
        {t('dashboard.weather.stale', { time: time.format(data.fetchedAt) })}
      </Text>
    ) : null;

  if (data.mode === 'ActualWeather' && data.current) {
    const c = data.current;
    return (
      <Stack
        gap={4}
        className="weather-widget"
        data-temperature={c.temperature}
        data-condition={c.weatherCondition}
      >
        <Group gap="sm" wrap="nowrap">
          <WeatherIcon condition={c.weatherCondition} size={48} />
          <div>
            <Text fw={700} fz={26} lh={1.1}>
              {n.format(c.temperature)} °C
            </Text>
            <Text size="sm">{t(`dashboard.weather.conditions.${c.weatherCondition}`)}</Text>
          </div>
        </Group>
        <Text size="xs" c="dimmed">
          {[
            t('dashboard.weather.humidity', { percent: n.format(c.humidity) }),
            t('dashboard.weather.pressure', { hpa: n.format(c.pressure) }),
            ...amounts(c, t, n),
          ].join(' · ')}
        </Text>
        {data.place ? (
          <Text size="xs" c="dimmed">
            {data.place}
          </Text>
        ) : null}
        {age}
      </Stack>
    );
  }
  return (
    <Stack gap={4} className="weather-widget">
      <div className="weather-forecast" data-testid="weather-forecast">
        {data.forecast.slice(0, FORECAST_STEPS).map((f) => (
          <div key={f.dateTime} className="weather-forecast__step" data-time={f.dateTime}>
            <Text size="xs" c="dimmed">
              {time.format(f.dateTime)}
            </Text>
            <WeatherIcon condition={f.weatherCondition} size={28} />
            <Text size="sm" fw={600} title={t(`dashboard.weather.conditions.${f.weatherCondition}`)}>
              {n.format(f.temperature)} °C
            </Text>
            <Text size="xs" c="dimmed">
              {amounts(f, t, n)[0] ?? ''}
            </Text>
          </div>
        ))}
      </div>
      {age}
    </Stack>
  );
}
