import {
  checkRuntimeInput,
  RUNTIME_EMPTY_MESSAGE,
  RUNTIME_LIMIT_ORDER_MESSAGE,
  RUNTIME_NEGATIVE_MESSAGE,
  RUNTIME_NOT_A_NUMBER_MESSAGE,
  RUNTIME_TOO_LARGE_MESSAGE,
} from '@leitwarte/core';
import type { ParseKeys } from 'i18next';

/** Catalogue key of each runtime edit message of core, so the dialog speaks the user's language. */
const KEYS: Record<string, ParseKeys> = {
  [RUNTIME_EMPTY_MESSAGE]: 'validation.notEmpty',
  [RUNTIME_NEGATIVE_MESSAGE]: 'validation.notNegative',
  [RUNTIME_NOT_A_NUMBER_MESSAGE]: 'validation.enterNumber',
  [RUNTIME_TOO_LARGE_MESSAGE]: 'runtimeEdit.tooLarge',
  [RUNTIME_LIMIT_ORDER_MESSAGE]: 'runtimeEdit.limitOrder',
};

/** The catalogue key of a runtime field as entered, or null when it is valid (screens §5 "Runtime edit"). */
export function runtimeInputErrorKey(text: string): ParseKeys | null {
  const check = checkRuntimeInput(text);
  return check.ok ? null : (KEYS[check.message] ?? 'validation.enterNumber');
}

/** The catalogue key of a core runtime message. */
export function runtimeMessageKey(message: string): ParseKeys | null {
  return KEYS[message] ?? null;
}
