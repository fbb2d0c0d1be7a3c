import type { USER_ROLES } from '@leitwarte/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

const KEYS = {
  administrator: 'rights.roles.administrator',
  operator: 'rights.roles.operator',
  maintenance: 'rights.roles.maintenance',
  viewer: 'rights.roles.viewer',
} as const satisfies Record<(typeof USER_ROLES)[number], string>;

const isBuiltIn = (name: string): name is keyof typeof KEYS => Object.hasOwn(KEYS, name);

/**
 * A role's name for the user: the built-in roles in the user's language, roles an administrator
 * made as he named them.
 */
export function useRoleName(): (name: string) => string {
  const { t } = useTranslation();
  return useCallback((name: string) => (isBuiltIn(name) ? t(KEYS[name]) : name), [t]);
}
