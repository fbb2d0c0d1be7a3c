import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { plantInfoQuery } from '../../api/plant-info';

/** Formats times in the plant's zone (as its cameras stamp them), in the user's language. */
export function usePlantTime(): (at: number, withDate?: boolean) => string {
  const { i18n } = useTranslation();
  const { data } = useQuery(plantInfoQuery);
  const timeZone = data?.timeZone;
  return (at, withDate = true) =>
    new Intl.DateTimeFormat(i18n.language, {
      timeZone,
      ...(withDate ? { dateStyle: 'short' } : {}),
      timeStyle: 'medium',
    }).format(at);
}
