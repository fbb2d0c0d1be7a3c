import { ALL_STATIONS } from '@leitwarte/core';
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { allStationsQuery } from '../../api/station';

/** The station of the maintenance selection; -1 means all stations (screens §4). */
export function StationSelect({ value, onChange }: { value: number; onChange: (stationNr: number) => void }) {
  const { t } = useTranslation();
  const stations = useQuery(allStationsQuery);
  const data = [
    { value: String(ALL_STATIONS), label: t('maintenance.allStations') },
    ...(stations.data ?? []).map((s) => ({ value: String(s.stationNumber), label: s.name })),
  ];
  return (
    <Select
      label={t('maintenance.station')}
      data={data}
      value={String(value)}
      onChange={(next) => onChange(next === null ? ALL_STATIONS : Number(next))}
      allowDeselect={false}
      w={{ base: '100%', sm: 260 }}
    />
  );
}
