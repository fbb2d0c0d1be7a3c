import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNativeApp } from './use-native-app';

/**
 * The app's connection profile (which plant this view is connected to), only inside the app. A
 * small line under the product name: on a phone it takes none of the header's width.
 */
export function NativeConnectionName() {
  const { t } = useTranslation();
  const { embedded, connectionName } = useNativeApp();
  if (!embedded || connectionName === null) return null;
  const label = t('native.connection', { name: connectionName });
  return (
    <Text
      size="xs"
      c="dimmed"
      lh={1.2}
      truncate="end"
      maw={{ base: 96, sm: 280 }}
      title={label}
      aria-label={label}
      data-testid="native-connection-name"
    >
      {connectionName}
    </Text>
  );
}
