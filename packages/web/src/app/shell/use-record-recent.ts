import { useEffect } from 'react';
import { recordVisit } from '../../lib/recent-pages';
import { useCurrentPage } from './use-current-page';

/** Records every page this user opens in the shell in their recently visited list. */
export function useRecordRecent(username: string | null): void {
  const { path, labelKey } = useCurrentPage();
  useEffect(() => {
    // The list of recent pages itself is no destination worth remembering, nor "/", which only
    // forwards to the landing page (recorded in its own right a moment later).
    if (username === null || path === '/' || path === '/recent' || path.startsWith('/recent?')) return;
    recordVisit(username, { path, labelKey });
  }, [username, path, labelKey]);
}
