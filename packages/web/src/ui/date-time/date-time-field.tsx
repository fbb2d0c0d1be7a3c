import { DatePickerInput, DateTimePicker, DatesProvider } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useQuery } from '@tanstack/react-query';
import 'dayjs/locale/cs';
import 'dayjs/locale/de';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/ru';
import { useTranslation } from 'react-i18next';
import { plantInfoQuery } from '../../api/plant-info';
import { dateFormatOf, dateTimeFormatOf, fromPlantValue, toPlantValue } from './plant-time';

const DAYJS_LOCALES: Record<string, string> = { de: 'de', en: 'en-gb', cs: 'cs', ru: 'ru' };

/** The plant's time zone; the browser's until the plant has answered. */
export function usePlantTimeZone(): string {
  const { data } = useQuery(plantInfoQuery);
  return data?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC';
}

/**
 * The app's date and time field: written as the user's language writes dates (not the browser's
 * US format of a native field), in the plant's time zone, with a calendar and time picker that
 * work by keyboard as well. Values are instants (ms since the epoch).
 */
export function DateTimeField({
  label,
  ariaLabel,
  size,
  value,
  onChange,
  testId,
}: {
  /** A visible label; or `ariaLabel` where the field stands in a row that names it. */
  label?: string;
  ariaLabel?: string;
  size?: 'xs' | 'sm';
  value: number | null;
  onChange: (ms: number | null) => void;
  testId?: string;
}) {
  const { i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? i18n.language).split('-')[0] ?? 'de';
  const timeZone = usePlantTimeZone();
  return (
    <DatesProvider settings={{ locale: DAYJS_LOCALES[language] ?? 'de', firstDayOfWeek: 1 }}>
      <DateTimePicker
        label={label}
        aria-label={ariaLabel}
        size={size}
        clearable={ariaLabel !== undefined}
        data-testid={testId}
        data-plant-zone={timeZone}
        valueFormat={dateTimeFormatOf(language)}
        value={value === null ? null : toPlantValue(value, timeZone)}
        onChange={(next) => onChange(next === null ? null : fromPlantValue(next, timeZone))}
        miw={180}
      />
    </DatesProvider>
  );
}

/**
 * A calendar day of the plant (a report's day): "YYYY-MM-DD" in and out, written as the user's
 * language writes dates, chosen in the same calendar as the date/time field.
 */
export function DateField({
  label,
  value,
  onChange,
  w,
}: {
  label: string;
  value: string;
  onChange: (date: string) => void;
  w?: number;
}) {
  const { i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? i18n.language).split('-')[0] ?? 'de';
  return (
    <DatesProvider settings={{ locale: DAYJS_LOCALES[language] ?? 'de', firstDayOfWeek: 1 }}>
      <DatePickerInput
        label={label}
        valueFormat={dateFormatOf(language)}
        value={value || null}
        onChange={(next) => {
          if (next) onChange(next);
        }}
        w={w}
      />
    </DatesProvider>
  );
}
