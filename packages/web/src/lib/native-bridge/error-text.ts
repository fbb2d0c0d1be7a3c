import type { TFunction } from 'i18next';
import { NativeBridgeError } from './contract';

/** The catalogue text of a failed request to the app, for the screens that show it. */
export function nativeErrorText(t: TFunction, error: unknown): string {
  if (error instanceof NativeBridgeError && error.code === 'timeout') return t('native.errors.timeout');
  return t('native.errors.failed', { message: error instanceof Error ? error.message : String(error) });
}
