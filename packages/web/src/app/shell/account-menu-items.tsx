import { Menu } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasRight } from '@leitwarte/core';
import { rightsQuery } from '../../api/user-management';

/** The own account's pages, and the administration for those who may manage users. */
export function AccountMenuItems() {
  const { t } = useTranslation();
  const { data: rights } = useQuery(rightsQuery);
  const admin = rights !== undefined && hasRight(rights, 'manageUsers');
  return (
    <>
      <Menu.Item component={Link} to="/account">
        {t('account.nav.account')}
      </Menu.Item>
      <Menu.Item component={Link} to="/account/password">
        {t('account.nav.password')}
      </Menu.Item>
      {admin ? (
        <Menu.Item component={Link} to="/admin/users">
          {t('nav.userAdmin')}
        </Menu.Item>
      ) : null}
      {admin ? (
        <Menu.Item component={Link} to="/admin/sources">
          {t('nav.sourceAdmin')}
        </Menu.Item>
      ) : null}
    </>
  );
}
