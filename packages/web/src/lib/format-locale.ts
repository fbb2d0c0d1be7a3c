import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../i18n/languages';
import { plantTimeZone, usePlantTimeZone } from './plant-time-zone';

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

// Intl formatters are costly to build and a live screen formats many values per frame, so each
// locale and option set is built once.
function cached<F>(cache: Map<string, F>, locale: string, options: object, make: () => F): F {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

/** A memoised Intl.NumberFormat for an Intl locale (e.g. 'de-DE'). */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
}

/** A memoised Intl.DateTimeFormat for an Intl locale. */
export function dateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions = {},
): Intl.DateTimeFormat {
  return cached(dateFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
}

/** Numbers, dates and units written the way the user's language writes them. */
export interface LocaleFormat {
  /** The Intl locale behind the language (de → de-DE). */
  locale: string;
  /** The zone times are written in: the plant's. */
  readonly timeZone: string;
  number(value: number, options?: Intl.NumberFormatOptions): string;
  integer(value: number): string;
  /** A number followed by its unit; the unit stays as the plant writes it (m³, l/s). */
  withUnit(value: number, unit: string | null | undefined, options?: Intl.NumberFormatOptions): string;
  date(value: Date | number): string;
  time(value: Date | number): string;
  dateTime(value: Date | number): string;
}

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', second: '2-digit' };
const byLanguage = new Map<string, LocaleFormat>();

/** The formats of a language as i18next names it ('de', 'en', 'cs', 'ru'); one object per language. */
export function localeFormat(language: string): LocaleFormat {
  const locale = intlLocale(language);
  let format = byLanguage.get(locale);
  if (format) return format;
  // Times as the plant's clock shows them; the formatters are built again only when the zone changes.
  let inZone: {
    zone: string;
    date: Intl.DateTimeFormat;
    time: Intl.DateTimeFormat;
    dateTime: Intl.DateTimeFormat;
  } | null = null;
  const zoned = () => {
    const timeZone = plantTimeZone();
    if (inZone?.zone !== timeZone) {
      inZone = {
        zone: timeZone,
        date: dateTimeFormat(locale, { ...DATE, timeZone }),
        time: dateTimeFormat(locale, { ...TIME, timeZone }),
        dateTime: dateTimeFormat(locale, { ...DATE, ...TIME, timeZone }),
      };
    }
    return inZone;
  };
  const number = (value: number, options: Intl.NumberFormatOptions = { maximumFractionDigits: 2 }) =>
    numberFormat(locale, options).format(value);
  format = {
    locale,
    get timeZone() {
      return plantTimeZone();
    },
    number,
    integer: (value) => number(value, { maximumFractionDigits: 0 }),
    withUnit: (value, unit, options) => {
      const text = number(value, options);
      const trimmed = unit?.trim();
      // A no-break space keeps a reading and its unit on one line.
      return trimmed ? `${text}\u00a0${trimmed}` : text;
    },
    date: (value) => zoned().date.format(value),
    time: (value) => zoned().time.format(value),
    dateTime: (value) => zoned().dateTime.format(value),
  };
  byLanguage.set(locale, format);
  return format;
}

/** The current language's formats; components re-render with new formats when the language changes. */
export function useLocaleFormat(): LocaleFormat {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  // Drawn again when the plant's zone becomes known: the same formats then write other times.
  const zone = usePlantTimeZone();
  return useMemo(() => ({ ...localeFormat(language), timeZone: zone }), [language, zone]);
}
