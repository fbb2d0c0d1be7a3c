import { Button, Group, Menu, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { userInfoQuery } from '../../api/user-management';
import { AccountMenuItems } from './account-menu-items';

/** Who is logged in, the way to the own account, and the way out. */
export function UserActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useQuery(userInfoQuery);
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
          <AccountMenuItems />
        </Menu.Dropdown>
      </Menu>
      {/* A deliberate logout lands on the default page at the next login, not where this user was. */}
      <Button size="xs" variant="default" onClick={() => void navigate('/logout')}>
        {t('shell.logout')}
      </Button>
    </Group>
  );
}
