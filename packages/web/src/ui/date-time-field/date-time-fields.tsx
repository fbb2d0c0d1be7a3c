import { DateInput, DatesProvider, DateTimePicker, TimePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import 'dayjs/locale/cs';
import 'dayjs/locale/de';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/ru';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlantTimeZone } from '../../lib/plant-time-zone';
import { instantOfWallTime, wallTimeOf } from './wall-time';

// Typed dates are read in the language's own order (31.12.2026, 31/12/2026).
dayjs.extend(customParseFormat);

/** dayjs locale and the date as the language writes it. */
const LANGUAGE_DATES: Record<string, { locale: string; date: string }> = {
  de: { locale: 'de', date: 'DD.MM.YYYY' },
  en: { locale: 'en-gb', date: 'DD/MM/YYYY' },
  cs: { locale: 'cs', date: 'D. M. YYYY' },
  ru: { locale: 'ru', date: 'DD.MM.YYYY' },
};

function useLanguageDates() {
  const { i18n } = useTranslation();
  return (
    LANGUAGE_DATES[i18n.language.split('-')[0] ?? 'de'] ??
    (LANGUAGE_DATES.de as { locale: string; date: string })
  );
}

function Dates({ children }: { children: ReactNode }) {
  const { locale } = useLanguageDates();
  return (
    <DatesProvider settings={{ locale, firstDayOfWeek: 1, consistentWeeks: true }}>{children}</DatesProvider>
  );
}

interface FieldProps {
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  w?: number | string;
  size?: 'xs' | 'sm' | 'md';
  'aria-label'?: string;
}

/**
 * A calendar day of the plant ('YYYY-MM-DD' in and out, '' for none), shown and typed as the
 * user's language writes dates, with a calendar to pick from; not the browser's own date field,
 * which writes dates as the browser's region does.
 */
export function DateField({
  value,
  onChange,
  clearable = false,
  ...props
}: FieldProps & { value: string; onChange: (value: string) => void; clearable?: boolean }) {
  const { date } = useLanguageDates();
  return (
    <Dates>
      <DateInput
        {...props}
        valueFormat={date}
        value={value || null}
        clearable={clearable}
        onChange={(next) => onChange(next ?? '')}
        data-date-field=""
      />
    </Dates>
  );
}

/** A time of day 'HH:mm' (24 hours, as control rooms write it), typed or picked. */
export function TimeField({
  value,
  onChange,
  withSeconds = false,
  ...props
}: FieldProps & { value: string; onChange: (value: string) => void; withSeconds?: boolean }) {
  const { t } = useTranslation();
  return (
    <Dates>
      <TimePicker
        {...props}
        format="24h"
        withSeconds={withSeconds}
        withDropdown
        hoursInputLabel={t('list.dateTime.hours')}
        minutesInputLabel={t('list.dateTime.minutes')}
        secondsInputLabel={t('list.dateTime.seconds')}
        value={value}
        onChange={onChange}
        data-time-field=""
      />
    </Dates>
  );
}

/**
 * An instant, shown and chosen as the plant's wall clock reads it (the plant's time zone, not
 * the browser's), in the user's language; null for none.
 */
export function DateTimeField({
  value,
  onChange,
  withSeconds = false,
  clearable = false,
  testId,
  ...props
}: FieldProps & {
  value: number | null;
  onChange: (value: number | null) => void;
  withSeconds?: boolean;
  clearable?: boolean;
  testId?: string;
}) {
  const zone = usePlantTimeZone();
  const { date } = useLanguageDates();
  const { t } = useTranslation();
  return (
    <Dates>
      <DateTimePicker
        {...props}
        valueFormat={`${date} HH:mm${withSeconds ? ':ss' : ''}`}
        withSeconds={withSeconds}
        timePickerProps={{
          format: '24h',
          withDropdown: true,
          hoursInputLabel: t('list.dateTime.hours'),
          minutesInputLabel: t('list.dateTime.minutes'),
          secondsInputLabel: t('list.dateTime.seconds'),
        }}
        submitButtonProps={{ 'aria-label': t('list.dateTime.apply') }}
        clearable={clearable}
        value={value === null ? null : wallTimeOf(value, zone)}
        onChange={(next) => onChange(next ? instantOfWallTime(next, zone) : null)}
        data-date-time-field=""
        data-plant-zone={zone}
        data-testid={testId}
      />
    </Dates>
  );
}
