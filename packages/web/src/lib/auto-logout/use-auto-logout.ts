import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { renewLease, userInfoQuery } from '../../api/user-management';
import { ACTIVITY_EVENTS, ACTIVITY_THROTTLE_MS, startAutoLogout } from './activity-tracker';
import { onOtherTabChange, sharedStorage } from './browser-storage';
import { autoLogoutUrlFor } from './logout-address';
import { effectiveIdleMs, useOwnTimeout } from './own-timeout';

/**
 * Auto logout for the logged-in shell (screens §9): after the server's (or the user's own shorter) idle timeout without
 * activity in any tab, or when another tab logs out, this tab goes to the logout page with its
 * return address. While the user is active the server's lease is renewed.
 */
export function useAutoLogout(): void {
  const { data: user } = useQuery(userInfoQuery);
  const own = useOwnTimeout(user?.username ?? null);
  // The user's own, shorter time when chosen; the server's lease still ends at the server's.
  const idleMs = user ? effectiveIdleMs(user.idleTimeoutMs, own) : undefined;
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location);
  // Navigating is not activity: the tracker must not restart when the address (and with it the
  // router's navigate function) changes.
  const go = useRef(navigate);

  useEffect(() => {
    here.current = location;
    go.current = navigate;
  }, [location, navigate]);

  useEffect(() => {
    // The server never uses a timeout this short; a value below the activity throttle cannot be kept.
    if (idleMs === undefined || idleMs < ACTIVITY_THROTTLE_MS) return;
    const tracker = startAutoLogout({
      idleMs,
      storage: sharedStorage(),
      onOtherTabChange,
      renewLease,
      onExpire: (reason) => void go.current(autoLogoutUrlFor(here.current, reason), { replace: true }),
    });
    const onActivity = () => tracker.activity();
    const options = { capture: true, passive: true };
    for (const name of ACTIVITY_EVENTS) {
      window.addEventListener(name, onActivity, options);
    }
    // visibilitychange is fired on the document only.
    document.addEventListener('visibilitychange', onActivity, options);
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, options);
      document.removeEventListener('visibilitychange', onActivity, options);
      tracker.stop();
    };
  }, [idleMs]);
}
