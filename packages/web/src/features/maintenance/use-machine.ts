import { parsePvKey, pvKey, type PvRef } from '@leitwarte/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { getPvConfigs } from '../../api/pv';

/** The machine a maintenance route names by its PV reference (`:id`, e.g. DigiIn-100020), with its config. */
export function useMachine(): { machine: PvRef | null; id: string; name: string | null; missing: boolean } {
  const id = useParams().id ?? '';
  const machine = parsePvKey(id);
  const config = useQuery({
    queryKey: ['pv', 'configs', machine ? pvKey(machine) : id],
    queryFn: ({ signal }) => getPvConfigs(machine ? [machine] : [], signal),
    enabled: machine !== null,
    staleTime: 60_000,
  });
  const found = config.data?.configs[0] ?? null;
  return {
    machine,
    id,
    name: found?.name ?? null,
    missing: machine === null || (config.isSuccess && found === null),
  };
}
