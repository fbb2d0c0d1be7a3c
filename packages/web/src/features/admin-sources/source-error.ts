import { SOURCE_REFUSALS, type SourceRefusal } from '@leitwarte/core';
import { useTranslation } from 'react-i18next';
import { ApiError, NetworkError } from '../../api/http';

const isRefusal = (code: string | null): code is SourceRefusal =>
  code !== null && (SOURCE_REFUSALS as readonly string[]).includes(code);

/** A failed call about a source in the user's language: the server's reason code decides. */
export function useSourceErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => {
    if (error instanceof NetworkError) return t('errors.network');
    if (!(error instanceof ApiError)) return t('errors.unknown');
    if (isRefusal(error.code)) return t(`admin.sources.errors.${error.code}`, { message: error.message });
    if (error.status === 403) return t('rights.accessDenied');
    return t('errors.http', { status: error.status });
  };
}
