import { USER_ADMIN_REFUSALS, type UserAdminRefusal } from '@leitwarte/core';
import { useTranslation } from 'react-i18next';
import { ApiError, NetworkError } from '../../api/http';

const isRefusal = (code: string | null): code is UserAdminRefusal =>
  code !== null && (USER_ADMIN_REFUSALS as readonly string[]).includes(code);

/** The text of a failed change in the user's language: the server's refusal code decides. */
export function useAdminErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => {
    if (error instanceof NetworkError) return t('errors.network');
    if (!(error instanceof ApiError)) return t('errors.unknown');
    if (isRefusal(error.code)) return t(`admin.errors.${error.code}`);
    if (error.status === 403) return t('admin.errors.forbidden');
    if (error.status === 400) return t('admin.errors.invalidInput');
    // A call the server does not offer (yet) answers 404 without a reason code.
    if (error.status === 404) return t('admin.errors.notAvailable');
    return t('admin.errors.failed', { status: error.status });
  };
}
