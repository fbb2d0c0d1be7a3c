import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '../api/http';
import { isAuthPath, logoutUrlFor } from '../lib/return-url';

/**
 * calls §8: any 401 sends the user to the logout page with the return address (path plus query).
 * Several calls failing at once redirect once; on the login/logout pages nothing happens.
 */
export function useUnauthorizedRedirect(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const current = useRef(location);
  const redirecting = useRef(false);

  useEffect(() => {
    current.current = location;
    redirecting.current = false;
  }, [location]);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      const here = current.current;
      if (redirecting.current || isAuthPath(here.pathname)) return;
      redirecting.current = true;
      void navigate(logoutUrlFor(here));
    });
    return () => setUnauthorizedHandler(() => {});
  }, [navigate]);
}
