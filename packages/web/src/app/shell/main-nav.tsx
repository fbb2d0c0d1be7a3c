import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { activeNavItem, VISIBLE_NAV_GROUPS } from './nav-config';

/** The grouped main navigation; `onNavigate` closes the drawer on small screens. */
export function MainNav({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = activeNavItem(pathname)?.path;
  return (
    <ScrollArea type="auto" h="100%">
      <nav aria-label={t('nav.label')}>
        <Stack gap="md" pb="md">
          {VISIBLE_NAV_GROUPS.map((group) => (
            <div key={group.id} role="group" aria-labelledby={`nav-group-${group.id}`}>
              <Text id={`nav-group-${group.id}`} size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
                {t(group.labelKey)}
              </Text>
              {group.items.map((item) => {
                const active = item.path === current;
                return (
                  <NavLink
                    key={item.path}
                    component={Link}
                    to={item.path}
                    label={t(item.labelKey)}
                    active={active}
                    variant="light"
                    fw={active ? 600 : undefined}
                    aria-current={active ? 'page' : undefined}
                    onClick={onNavigate}
                  />
                );
              })}
            </div>
          ))}
        </Stack>
      </nav>
    </ScrollArea>
  );
}
