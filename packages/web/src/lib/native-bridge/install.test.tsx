import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-support/render';
import { installNativeBridge } from './install';
import { nativeAppStore } from './native-app-store';
import { NativeAppVersion } from './native-app-version';

// A page-like object with the Android app's injected object; jsdom's own window stays untouched.
function androidPage() {
  const calls: string[] = [];
  const answer = (result: unknown) => (id: string) => {
    calls.push(id.split('-')[0] ?? id);
    return JSON.stringify({ result });
  };
  const page = {
    document,
    location: window.location,
    open: () => null,
    LeitwarteAndroid: {
      getAppInfo: answer({ version: '5.1.0' }),
      getFeatures: answer(['scanQrCode']),
      getConnectionName: answer('Talaue'),
    },
  };
  return { page: page as unknown as Window, calls };
}

afterEach(() => nativeAppStore.reset());

describe('installNativeBridge', () => {
  it('does nothing in a plain browser', () => {
    expect(installNativeBridge({ document, location: window.location } as unknown as Window)).toBeNull();
    expect(nativeAppStore.snapshot().embedded).toBe(false);
  });

  it('connects once, exposes the handle and reads the app for the screens', async () => {
    const { page, calls } = androidPage();
    const bridge = installNativeBridge(page);
    expect(bridge?.platform).toBe('android');
    expect(installNativeBridge(page)).toBe((page as unknown as { leitwarteBridge: unknown }).leitwarteBridge);
    expect(typeof (page as unknown as { leitwarteNativeReply: unknown }).leitwarteNativeReply).toBe(
      'function',
    );
    await waitFor(() => expect(nativeAppStore.snapshot().appInfo).toEqual({ version: '5.1.0' }));
    expect(nativeAppStore.snapshot()).toMatchObject({
      embedded: true,
      platform: 'android',
      features: ['scanQrCode'],
      connectionName: 'Talaue',
    });
    expect(calls.sort()).toEqual(['getAppInfo', 'getConnectionName', 'getFeatures']);
  });

  it('shows the app version only when embedded', async () => {
    renderWithProviders(<NativeAppVersion />);
    expect(screen.queryByTestId('native-app-version')).toBeNull();
    installNativeBridge(androidPage().page);
    expect(await screen.findByText('App-Version 5.1.0')).toBeDefined();
  });
});
