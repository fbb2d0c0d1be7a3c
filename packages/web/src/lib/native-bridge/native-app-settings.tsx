import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNativeApp } from './use-native-app';

/** Inside the app: a section that opens the app's own settings (connection profiles, login). */
export function NativeAppSettings() {
  const { t } = useTranslation();
  const { bridge } = useNativeApp();
  if (bridge === null) return null;
  const title = t('native.settings.title');
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {t('native.settings.text')}
        </Text>
        <Button variant="default" onClick={() => void bridge.showSettings()} data-testid="native-settings">
          {t('native.settings.open')}
        </Button>
      </Stack>
    </Paper>
  );
}
