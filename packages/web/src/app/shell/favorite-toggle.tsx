import { ActionIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isFavorite, toggleFavorite, useFavorites } from '../../lib/favorites';
import { useCurrentPage } from './use-current-page';

/** The star in the header: marks the current page (path plus query) as favorite of this user. */
export function FavoriteToggle({ username }: { username: string | null }) {
  const { t } = useTranslation();
  const page = useCurrentPage();
  const favorites = useFavorites(username);
  const marked = isFavorite(favorites, page.path);
  const label = marked ? t('shell.favorite.remove') : t('shell.favorite.add');
  return (
    <ActionIcon
      variant="subtle"
      color={marked ? 'yellow' : 'gray'}
      size="lg"
      disabled={username === null}
      onClick={() => username !== null && toggleFavorite(username, page)}
      aria-label={label}
      title={label}
      aria-pressed={marked}
    >
      <span aria-hidden style={{ fontSize: 20 }}>
        {marked ? '★' : '☆'}
      </span>
    </ActionIcon>
  );
}
