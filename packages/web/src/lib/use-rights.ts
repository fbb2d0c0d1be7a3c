import { mayOn, type RightName } from '@leitwarte/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { rightsQuery } from '../api/user-management';

/**
 * Mirrors the server's rights for display (calls §6): may the user use `right` at this station?
 * Denied while the rights are loading. PV areas are not known here, so a scope of areas only
 * offers the action and leaves the decision to the server, whose refusal then shows its dialog.
 */
export function useMay(): (right: RightName, station: number | null) => boolean {
  const { data } = useQuery(rightsQuery);
  return useCallback(
    (right, station) => {
      if (!data) return false;
      if (mayOn(data, right, { station, pvGroups: [] })) return true;
      const grant = data.grants.find((g) => g.right === right);
      return grant !== undefined && grant.scope.pvGroups.length > 0;
    },
    [data],
  );
}
