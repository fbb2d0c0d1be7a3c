import { useTranslation } from 'react-i18next';
import { clearRecentPages, MAX_RECENT_PAGES, removeRecentPage, useRecentPages } from '../../lib/recent-pages';
import { PageList } from './page-list';
import { useUsername } from './use-username';

/** Recently visited: the last pages this user opened, newest first. */
export function RecentPage() {
  const { t } = useTranslation();
  const username = useUsername();
  const recent = useRecentPages(username);
  return (
    <PageList
      title={t('shell.recent.title')}
      intro={t('shell.recent.intro', { count: MAX_RECENT_PAGES })}
      empty={t('shell.recent.empty')}
      entries={recent}
      timeText={(time) => t('shell.recent.visitedAt', { time })}
      onRemove={(path) => username !== null && removeRecentPage(username, path)}
      onClear={() => username !== null && clearRecentPages(username)}
      testId="recent-list"
    />
  );
}
