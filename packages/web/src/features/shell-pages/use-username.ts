import { useQuery } from '@tanstack/react-query';
import { userInfoQuery } from '../../api/user-management';

/** The logged-in user's name, the key of their favorites and recent pages; null until known. */
export function useUsername(): string | null {
  return useQuery(userInfoQuery).data?.username ?? null;
}
