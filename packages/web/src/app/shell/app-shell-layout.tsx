import { Anchor, AppShell, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../ui/error-boundary';
import { LanguageSwitch } from '../../ui/language-switch';
import { LoadingView } from '../../ui/status-views';
import { LiveIndicator } from './live-indicator';
import { MainNav } from './main-nav';
import { UserActions } from './user-actions';

/** Header (product, live state, language, user), grouped navigation and the current screen. */
export function AppShellLayout() {
  const { t } = useTranslation();
  const [navOpen, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpen } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpen}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('nav.toggle')}
            />
            <Anchor component={Link} to="/" underline="never" c="inherit">
              <Text fw={800} size="lg" c="blue.8">
                {t('app.name')}
              </Text>
            </Anchor>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <LiveIndicator />
            <LanguageSwitch size="xs" />
            <UserActions />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <MainNav onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main id="main-content" bg="gray.0">
        {/* Keyed by path: a screen that failed to render gets a fresh start when the user navigates. */}
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<LoadingView />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </AppShell.Main>
    </AppShell>
  );
}
