import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { safeReturnUrl } from '../../lib/return-url';
import { LanguageSwitch } from '../../ui/language-switch';
import { LoginForm } from './login-form';

/** The login screen; after success it goes to the (guarded) return address or the overview. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnUrl = params.get('returnUrl');

  const onLoggedIn = useCallback(
    () => void navigate(safeReturnUrl(returnUrl), { replace: true }),
    [navigate, returnUrl],
  );

  return (
    <Box mih="100vh" bg="gray.0">
      <Group justify="flex-end" p="md">
        <LanguageSwitch size="xs" />
      </Group>
      <Center px="md" pb="xl">
        <Paper component="main" withBorder shadow="sm" radius="md" p="xl" w="100%" maw={400}>
          <Stack gap="lg">
            <Stack gap={4}>
              <Text fw={700} c="blue.8" size="sm" tt="uppercase">
                {t('app.name')}
              </Text>
              <Title order={1} size="h2">
                {t('login.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('login.subtitle')}
              </Text>
            </Stack>
            <LoginForm onLoggedIn={onLoggedIn} />
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
