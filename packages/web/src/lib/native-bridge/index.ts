export { connectNativeBridge, type NativeBridge, type NativeBridgeConnection } from './bridge';
export * from './contract';
export { installNativeBridge } from './install';
export { installInPlaceWindows } from './in-place-windows';
export type { NativeAppState } from './native-app-store';
export { NativeAppVersion } from './native-app-version';
export { nativeBridge, useNativeApp } from './use-native-app';
