import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

/** Shown for any address that is no page of the app (DESIGN routes: "anything else"). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Center py={64} px="md" data-testid="not-found">
      <Stack align="center" gap="md" maw={520}>
        <Text fz={72} fw={800} c="blue.2" lh={1} aria-hidden>
          {t('notFound.code')}
        </Text>
        <Title order={1} size="h2" ta="center">
          {t('notFound.title')}
        </Title>
        <Text c="dimmed" ta="center">
          {t('notFound.text', { path: pathname })}
        </Text>
        <Button component={Link} to="/overview" variant="light">
          {t('notFound.back')}
        </Button>
      </Stack>
    </Center>
  );
}
