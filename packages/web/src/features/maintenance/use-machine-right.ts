import { decodePvNr, scopeHolds, type PvRef, type RightName } from '@leitwarte/core';
import { useQuery } from '@tanstack/react-query';
import { rightsQuery } from '../../api/user-management';

/**
 * Whether the user holds a right on a machine, mirrored from the server's rights (calls §6) by
 * the machine's station; the server decides on every write, this only hides what would be refused.
 */
export function useMachineRight(machine: PvRef | null, right: RightName): boolean {
  const rights = useQuery(rightsQuery);
  if (!machine || !rights.data) return false;
  const { station } = decodePvNr(machine);
  return rights.data.grants.some(
    (grant) => grant.right === right && scopeHolds(grant.scope, { station, pvGroups: [] }),
  );
}
