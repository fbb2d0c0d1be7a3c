import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNativeApp } from './use-native-app';

/** The app's version, shown only when the web client runs inside the Android or iOS app. */
export function NativeAppVersion() {
  const { t } = useTranslation();
  const { embedded, appInfo } = useNativeApp();
  if (!embedded || !appInfo?.version) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="native-app-version">
      {t('native.appVersion', { version: appInfo.version })}
    </Text>
  );
}
