import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRoles, getUsers } from '../../api/admin-rights';
import { getScopePvGroups } from '../../api/admin-users';
import { allStationsQuery } from '../../api/station';

const USERS_KEY = ['admin', 'users'] as const;
const ROLES_KEY = ['admin', 'roles'] as const;

/** Users, roles, stations and PV groups the administration works with. */
export function useAdminData() {
  const users = useQuery({ queryKey: USERS_KEY, queryFn: ({ signal }) => getUsers(signal) });
  const roles = useQuery({ queryKey: ROLES_KEY, queryFn: ({ signal }) => getRoles(signal) });
  const stations = useQuery(allStationsQuery);
  const pvGroups = useQuery({
    queryKey: ['admin', 'pv-groups'],
    queryFn: ({ signal }) => getScopePvGroups(signal),
  });
  return { users, roles, stations, pvGroups };
}

/** After a change: users and roles are read again (rights of the own session may have changed too). */
export function useRefreshAdmin(): () => Promise<void> {
  const client = useQueryClient();
  return async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: USERS_KEY }),
      client.invalidateQueries({ queryKey: ROLES_KEY }),
      client.invalidateQueries({ queryKey: ['user-management', 'rights'] }),
      // Creating, enabling and disabling change the number of active users.
      client.invalidateQueries({ queryKey: ['admin', 'license-use'] }),
    ]);
  };
}
