import { Anchor, AppShell, Box, Burger, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { plantInfoQuery } from '../../api/plant-info';
import { useAutoLogout } from '../../lib/auto-logout/use-auto-logout';
import { setPlantTimeZone, usePlantTimeZone } from '../../lib/plant-time-zone';
import { NativeAppVersion, NativeConnectionName } from '../../lib/native-bridge';
import { ErrorBoundary } from '../../ui/error-boundary';
import { LanguageSwitch } from '../../ui/language-switch';
import { PvActionHost } from '../../ui/pv-actions';
import { LoadingView } from '../../ui/status-views';
import { HeaderMenu } from './header-menu';
import { HeaderTools } from './header-tools';
import { LiveIndicator } from './live-indicator';
import { MainNav } from './main-nav';
import { PendingAlertsIndicator } from './pending-alerts-indicator';
import { UserActions } from './user-actions';
import { useIdlePreload } from './use-idle-preload';

/**
 * Header (product, open alerts, live state, page tools, language, user), grouped navigation (a
 * drawer on small screens) and the current screen.
 */
export function AppShellLayout() {
  const { t } = useTranslation();
  const [navOpen, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  // Auto logout after the server's idle timeout; renews the server's lease while the user is active.
  useAutoLogout();
  useIdlePreload();
  // Times everywhere as the plant's clock shows them, once the plant's info is known.
  const plantInfo = useQuery(plantInfoQuery);
  const plantZone = plantInfo.data?.timeZone;
  // Screens wait for it (one short request, kept for the session): a screen that read the
  // browser's zone first would start its ranges at the wrong midnight.
  useEffect(() => {
    if (plantZone) setPlantTimeZone(plantZone);
  }, [plantZone]);
  const zoneInUse = usePlantTimeZone();
  const zoneReady = plantInfo.isError || (plantZone !== undefined && zoneInUse === plantZone);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpen } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpen}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('nav.toggle')}
            />
            <Stack gap={0} miw={0}>
              <Anchor component={Link} to="/" underline="never" c="inherit">
                <Text
                  fw={800}
                  fz={{ base: 'md', sm: 'lg' }}
                  c="light-dark(var(--mantine-color-blue-8), var(--mantine-color-blue-3))"
                >
                  {t('app.name')}
                </Text>
              </Anchor>
              {/* Inside the app: which of its connection profiles this view shows. */}
              <NativeConnectionName />
            </Stack>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <PendingAlertsIndicator />
            <LiveIndicator />
            {/* Hidden by CSS, not unmounted: the page tools also keep the shortcuts and the recent list. */}
            <Group gap="sm" wrap="nowrap" visibleFrom="sm">
              <HeaderTools />
              <LanguageSwitch size="xs" />
              <UserActions />
            </Group>
            <Box hiddenFrom="sm">
              <HeaderMenu />
            </Box>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <MainNav onNavigate={close} />
        {/* Shown only inside the Android and iOS apps: which app version hosts the page. */}
        <NativeAppVersion />
      </AppShell.Navbar>
      <AppShell.Main
        id="main-content"
        bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))"
      >
        {/* Keyed by path: a screen that failed to render gets a fresh start when the user navigates. */}
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<LoadingView />}>{zoneReady ? <Outlet /> : <LoadingView />}</Suspense>
        </ErrorBoundary>
        {/* Write dialogs open from any screen (station pages, process images) and outlive it. */}
        <PvActionHost />
      </AppShell.Main>
    </AppShell>
  );
}
