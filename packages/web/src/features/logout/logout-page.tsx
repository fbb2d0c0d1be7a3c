import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { logout } from '../../api/auth';
import { loginUrlWith } from '../../lib/return-url';
import { pvValueStore } from '../../live/pv-value-store';
import { LoadingView } from '../../ui/status-views';

/**
 * Ends the session (calls §8: every 401 lands here with the return address), forgets everything the
 * previous user saw, then shows the login page keeping the return address.
 */
export function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const returnUrl = params.get('returnUrl');
  // StrictMode runs effects twice in development; the session must be ended once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // A failed logout call is ignored: the session is gone or will expire; the user must log in anyway.
    void logout()
      .catch(() => {})
      .finally(() => {
        queryClient.clear();
        pvValueStore.clear();
        void navigate(loginUrlWith(returnUrl), { replace: true });
      });
  }, [navigate, queryClient, returnUrl]);

  return <LoadingView label={t('logout.inProgress')} />;
}
