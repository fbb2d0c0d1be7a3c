import { useTranslation } from 'react-i18next';
import { clearFavorites, removeFavorite, useFavorites } from '../../lib/favorites';
import { PageList } from './page-list';
import { useUsername } from './use-username';

/** Favorites: the pages this user marked with the star in the header. */
export function FavoritesPage() {
  const { t } = useTranslation();
  const username = useUsername();
  const favorites = useFavorites(username);
  return (
    <PageList
      title={t('shell.favorites.title')}
      intro={t('shell.favorites.intro')}
      empty={t('shell.favorites.empty')}
      entries={favorites}
      timeText={(time) => t('shell.favorites.markedAt', { time })}
      onRemove={(path) => username !== null && removeFavorite(username, path)}
      onClear={() => username !== null && clearFavorites(username)}
      testId="favorites-list"
    />
  );
}
