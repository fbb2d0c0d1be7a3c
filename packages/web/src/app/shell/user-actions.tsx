import { Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { userInfoQuery } from '../../api/user-management';

/** Who is logged in, and the way out. */
export function UserActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useQuery(userInfoQuery);
  const name = user ? user.displayName || user.username : '';
  return (
    <Group gap="sm" wrap="nowrap">
      <Text size="sm" visibleFrom="sm" title={t('shell.signedInAs', { name })} data-testid="user-name">
        {name}
      </Text>
      {/* A deliberate logout lands on the default page at the next login, not where this user was. */}
      <Button size="xs" variant="default" onClick={() => void navigate('/logout')}>
        {t('shell.logout')}
      </Button>
    </Group>
  );
}
