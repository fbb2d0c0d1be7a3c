import { Button, Group, Menu, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { hasRight } from '@leitwarte/core';
import { rightsQuery, userInfoQuery } from '../../api/user-management';

/** Who is logged in, the way to the own account, and the way out. */
export function UserActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useQuery(userInfoQuery);
  const { data: rights } = useQuery(rightsQuery);
  const name = user ? user.displayName || user.username : '';
  return (
    <Group gap="sm" wrap="nowrap">
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="xs" variant="subtle" title={t('shell.signedInAs', { name })}>
            <Text size="sm" truncate maw={180} data-testid="user-name">
              {name}
            </Text>
          </Button>
        </Menu.Target>
        <Menu.Dropdown aria-label={t('account.menu')}>
          <Menu.Item component={Link} to="/account">
            {t('account.nav.account')}
          </Menu.Item>
          <Menu.Item component={Link} to="/account/password">
            {t('account.nav.password')}
          </Menu.Item>
          {rights && hasRight(rights, 'manageUsers') ? (
            <Menu.Item component={Link} to="/admin/users">
              {t('nav.userAdmin')}
            </Menu.Item>
          ) : null}
          {rights && hasRight(rights, 'manageUsers') ? (
            <Menu.Item component={Link} to="/admin/sources">
              {t('nav.sourceAdmin')}
            </Menu.Item>
          ) : null}
        </Menu.Dropdown>
      </Menu>
      {/* A deliberate logout lands on the default page at the next login, not where this user was. */}
      <Button size="xs" variant="default" onClick={() => void navigate('/logout')}>
        {t('shell.logout')}
      </Button>
    </Group>
  );
}
