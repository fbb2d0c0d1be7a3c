import { ActionIcon, Menu } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { userInfoQuery } from '../../api/user-management';
import { changeLanguage } from '../../i18n/i18n';
import { LANGUAGES, type Language } from '../../i18n/languages';
import { AccountMenuItems } from './account-menu-items';

const LANGUAGE_KEYS = {
  de: 'language.de',
  en: 'language.en',
  cs: 'language.cs',
  ru: 'language.ru',
} as const satisfies Record<Language, string>;

/**
 * On a phone the header's right side folds into this menu: who is logged in, the own account,
 * the language and the logout. The open alerts and the connection stay in the header.
 */
export function HeaderMenu() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useQuery(userInfoQuery);
  const name = user ? user.displayName || user.username : '';
  const current = i18n.resolvedLanguage ?? i18n.language;
  return (
    <Menu position="bottom-end" withinPortal width={240}>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label={t('shell.menu')} data-testid="header-menu">
          <span aria-hidden="true">⋮</span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown aria-label={t('shell.menu')}>
        <Menu.Label data-testid="header-menu-user">{t('shell.signedInAs', { name })}</Menu.Label>
        <AccountMenuItems />
        <Menu.Divider />
        <Menu.Label>{t('language.label')}</Menu.Label>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            aria-current={language === current ? 'true' : undefined}
            rightSection={language === current ? <span aria-hidden="true">✓</span> : null}
            onClick={() => void changeLanguage(language)}
          >
            {t(LANGUAGE_KEYS[language])}
          </Menu.Item>
        ))}
        <Menu.Divider />
        {/* A deliberate logout lands on the default page at the next login, not where this user was. */}
        <Menu.Item onClick={() => void navigate('/logout')}>{t('shell.logout')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
