import type { LicenseUse } from '@leitwarte/core';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getLicenseUse } from '../../api/admin-users';

export const LICENSE_USE_KEY = ['admin', 'license-use'] as const;

// Logins come and go without anything on this screen changing: read the use again now and then.
const REFRESH_MS = 10_000;

/** Green below the limit, orange at it (the next one is refused), red above it (limit lowered). */
const colourOf = (used: number, max: number) => (used > max ? 'red' : used === max ? 'orange' : 'green');

/** The licence limits (screens §6) and how much of them is in use, for administrators. */
export function LicenseUsePanel() {
  const { t } = useTranslation();
  const use = useQuery({
    queryKey: LICENSE_USE_KEY,
    queryFn: ({ signal }) => getLicenseUse(signal),
    refetchInterval: REFRESH_MS,
  });
  return (
    <Paper withBorder p="sm" data-testid="license-use">
      <Stack gap={6}>
        <Title order={2} size="h5">
          {t('admin.license.title')}
        </Title>
        {use.error ? (
          <Text c="red" size="sm" role="alert">
            {t('admin.license.loadError')}
          </Text>
        ) : use.data ? (
          <Figures use={use.data} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('admin.license.loading')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function Figures({ use }: { use: LicenseUse }) {
  const { t } = useTranslation();
  return (
    <>
      <Group gap="xs" wrap="wrap">
        <Text size="sm">{t('admin.license.activeUsers')}</Text>
        <Badge
          variant="light"
          color={colourOf(use.enabledUsers, use.maxActiveUsers)}
          data-testid="license-active-users"
          styles={{ label: { overflow: 'visible', textTransform: 'none' } }}
        >
          {t('admin.license.ofMax', { used: use.enabledUsers, max: use.maxActiveUsers })}
        </Badge>
        <Text size="sm" c="dimmed" data-testid="license-logged-in">
          {t('admin.license.loggedIn', { n: use.loggedInUsers })}
        </Text>
      </Group>
      <Group gap="xs" wrap="wrap" data-testid="license-pv-groups">
        <Text size="sm">{t('admin.license.pvGroupLogins', { max: use.maxPvGroupLogins })}</Text>
        {use.pvGroups.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('admin.license.noPvGroupLogins')}
          </Text>
        ) : (
          use.pvGroups.map((g) => (
            <Badge
              key={g.id}
              variant="light"
              color={colourOf(g.logins, use.maxPvGroupLogins)}
              styles={{ label: { overflow: 'visible', textTransform: 'none' } }}
              data-pv-group={g.id}
            >
              {t('admin.license.groupLogins', {
                name: g.name ?? t('admin.license.groupNumber', { id: g.id }),
                used: g.logins,
                max: use.maxPvGroupLogins,
              })}
            </Badge>
          ))
        )}
      </Group>
    </>
  );
}
