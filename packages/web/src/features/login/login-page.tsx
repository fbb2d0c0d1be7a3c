import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { safeReturnUrl } from '../../lib/return-url';
import { LoginForm } from './login-form';
import { LoginFrame } from './login-frame';

/**
 * The login screen; after success it goes to the (guarded) return address or the overview, or, for a
 * user with a second factor, to the verification page keeping the return address.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnUrl = params.get('returnUrl');

  const onLoggedIn = useCallback(
    () => void navigate(safeReturnUrl(returnUrl), { replace: true }),
    [navigate, returnUrl],
  );
  const onSecondFactor = useCallback(() => {
    const query = returnUrl ? `?returnUrl=${encodeURIComponent(returnUrl)}` : '';
    void navigate(`/login/verify${query}`);
  }, [navigate, returnUrl]);

  return (
    <LoginFrame title={t('login.title')} subtitle={t('login.subtitle')}>
      <LoginForm onLoggedIn={onLoggedIn} onSecondFactor={onSecondFactor} />
    </LoginFrame>
  );
}
