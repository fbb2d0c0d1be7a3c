import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../ui/language-switch';

/** The frame of the login flow's pages: language switch, product name, title and a card. */
export function LoginFrame({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
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
                {title}
              </Title>
              <Text size="sm" c="dimmed">
                {subtitle}
              </Text>
            </Stack>
            {children}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
