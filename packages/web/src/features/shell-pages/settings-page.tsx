import {
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
  useMantineColorScheme,
  type MantineColorScheme,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dashboardConfigQuery } from '../../api/dashboard';
import { userInfoQuery } from '../../api/user-management';
import { setOwnTimeout, shorterChoices, useOwnTimeout } from '../../lib/auto-logout/own-timeout';
import { setStartDashboard, useStartDashboard } from '../../lib/start-dashboard';
import { NativeAppSettings } from '../../lib/native-bridge';
import { LanguageSwitch } from '../../ui/language-switch';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

const SCHEMES = ['light', 'dark', 'auto'] as const satisfies readonly MantineColorScheme[];

function isScheme(value: string): value is (typeof SCHEMES)[number] {
  return (SCHEMES as readonly string[]).includes(value);
}

/** Settings: language, colour scheme and start dashboard (remembered in this browser) and the auto-logout time. */
export function SettingsPage() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const { data: user } = useQuery(userInfoQuery);
  const minutes = user ? Math.round(user.idleTimeoutMs / 60_000) : null;
  const dashboards = useQuery(dashboardConfigQuery).data;
  const username = user?.username ?? null;
  const start = useStartDashboard(username);
  const own = useOwnTimeout(username);
  const shorter = user ? shorterChoices(user.idleTimeoutMs) : [];
  const ownChosen = own !== null && shorter.includes(own) ? own : null;
  const plantDefault = dashboards?.dashboards.find((d) => d.id === dashboards.defaultDashboardId);
  // '' stands for "no own choice": the plant's default, whichever it is at the time.
  const startOptions = [
    ...(plantDefault
      ? [{ value: '', label: t('shell.settings.startDashboard.plantDefault', { name: plantDefault.name }) }]
      : []),
    ...(dashboards?.dashboards ?? []).map((d) => ({ value: String(d.id), label: d.name })),
  ];
  const schemeLabels = {
    light: t('shell.settings.theme.light'),
    dark: t('shell.settings.theme.dark'),
    auto: t('shell.settings.theme.system'),
  };

  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h2">
        {t('shell.settings.title')}
      </Title>
      <Section title={t('shell.settings.language.title')}>
        <Text size="sm" c="dimmed">
          {t('shell.settings.language.text')}
        </Text>
        <LanguageSwitch />
      </Section>
      <Section title={t('shell.settings.theme.title')}>
        <Text size="sm" id="color-scheme-label">
          {t('shell.settings.theme.label')}
        </Text>
        <SegmentedControl
          aria-labelledby="color-scheme-label"
          value={colorScheme}
          onChange={(value) => isScheme(value) && setColorScheme(value)}
          data={SCHEMES.map((scheme) => ({ value: scheme, label: schemeLabels[scheme] }))}
        />
      </Section>
      {username && startOptions.length > 0 ? (
        <Section title={t('shell.settings.startDashboard.title')}>
          <Text size="sm" c="dimmed">
            {t('shell.settings.startDashboard.text')}
          </Text>
          <Select
            label={t('shell.settings.startDashboard.label')}
            data={startOptions}
            value={start !== null && dashboards?.dashboards.some((d) => d.id === start) ? String(start) : ''}
            onChange={(value) => setStartDashboard(username, value ? Number(value) : null)}
            allowDeselect={false}
            maw={420}
          />
        </Section>
      ) : null}
      <Section title={t('shell.settings.autoLogout.title')}>
        {minutes !== null && (
          <Text size="sm" data-testid="auto-logout-minutes" data-minutes={minutes}>
            {t('shell.settings.autoLogout.text', { minutes })}
          </Text>
        )}
        {username && minutes !== null && shorter.length > 0 ? (
          <Select
            label={t('shell.settings.autoLogout.label')}
            data-testid="auto-logout-choice"
            data={[
              { value: '', label: t('shell.settings.autoLogout.server', { minutes }) },
              ...shorter.map((m) => ({
                value: String(m),
                label: t('shell.settings.autoLogout.minutes', { count: m }),
              })),
            ]}
            value={ownChosen === null ? '' : String(ownChosen)}
            onChange={(value) => setOwnTimeout(username, value ? Number(value) : null)}
            allowDeselect={false}
            maw={420}
          />
        ) : null}
      </Section>
      <NativeAppSettings />
    </Stack>
  );
}
