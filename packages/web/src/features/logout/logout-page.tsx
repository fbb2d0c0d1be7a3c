import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { logout } from '../../api/auth';
import { announceLogout } from '../../lib/auto-logout/activity-tracker';
import { sharedStorage } from '../../lib/auto-logout/browser-storage';
import { autoLogoutReasonOf } from '../../lib/auto-logout/logout-address';
import { loginUrlWith } from '../../lib/return-url';
import { pvValueStore } from '../../live/pv-value-store';
import { LoadingView } from '../../ui/status-views';
import { LoggedOutView } from './logged-out-view';

/**
 * Ends the session (calls §8: every 401 lands here with the return address), forgets everything the
 * previous user saw and tells the other tabs. After a deliberate logout or a 401 the login page
 * follows at once; after an automatic logout the user reads why, with a countdown to the login
 * page and a button to log in again at once, both keeping the return address (screens §4, §9).
 */
export function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const returnUrl = params.get('returnUrl');
  const reason = autoLogoutReasonOf(params.get('reason'));
  const [loggedOut, setLoggedOut] = useState(false);
  // StrictMode runs effects twice in development; the session must be ended once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Logged out in another tab: that tab ended the session, and it may already hold a new one
    // by now, which a second logout call would end.
    const ending = reason === 'elsewhere' ? Promise.resolve() : logout();
    // A failed logout call is ignored: the session is gone or will expire; the user must log in anyway.
    void ending
      .catch(() => {})
      .finally(() => {
        queryClient.clear();
        pvValueStore.clear();
        if (reason !== 'elsewhere') announceLogout(sharedStorage());
        if (reason === null) void navigate(loginUrlWith(returnUrl), { replace: true });
        else setLoggedOut(true);
      });
  }, [navigate, queryClient, returnUrl, reason]);

  if (reason !== null && loggedOut) return <LoggedOutView reason={reason} returnUrl={returnUrl} />;
  return <LoadingView label={t('logout.inProgress')} />;
}
