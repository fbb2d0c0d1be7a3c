import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNativeApp } from './use-native-app';

/** The app's connection profile (which plant this view is connected to), only inside the app. */
export function NativeConnectionName() {
  const { t } = useTranslation();
  const { embedded, connectionName } = useNativeApp();
  if (!embedded || connectionName === null) return null;
  const label = t('native.connection', { name: connectionName });
  return (
    <Badge
      variant="light"
      color="gray"
      radius="sm"
      title={label}
      aria-label={label}
      data-testid="native-connection-name"
      // A long profile name must not push the header's tools off a phone's screen.
      maw={{ base: 110, sm: 260 }}
      styles={{ label: { textTransform: 'none', overflow: 'hidden', textOverflow: 'ellipsis' } }}
    >
      {connectionName}
    </Badge>
  );
}
