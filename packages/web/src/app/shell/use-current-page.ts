import { useLocation } from 'react-router';
import { navLabelKeyFor } from './nav-config';

/** The current page as favorites and recent pages keep it: path plus query, and its nav label. */
export function useCurrentPage(): { path: string; labelKey: string | null } {
  const { pathname, search } = useLocation();
  return { path: `${pathname}${search}`, labelKey: navLabelKeyFor(pathname) };
}
