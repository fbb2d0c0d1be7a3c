import type { CsrfReply, LoginOutcome, LoginReply, LoginRequest } from '@leitwarte/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getLoginCsrfToken, login } from '../../api/auth';
import { userInfoQuery } from '../../api/user-management';
import { botCheckToken } from './bot-check';
import type { AppLoginMode } from './app-login';
import { LoginTokenUnavailableError } from './login-error';

/** The app's part in the login (see useAppLogin); absent in tests of the plain form. */
export interface AppLogin {
  mode: () => Promise<AppLoginMode>;
  handOver: (request: LoginRequest) => Promise<LoginOutcome>;
}

// A token this close to its expiry is renewed before use rather than sent to fail.
const EXPIRY_MARGIN_MS = 10_000;

/** The login form's CSRF token query; the second-factor page uses it too. */
export const csrfQuery = queryOptions({
  queryKey: ['auth', 'csrf'] as const,
  queryFn: ({ signal }) => getLoginCsrfToken(signal),
  staleTime: Infinity,
  // Leaving the login page drops the token; it belongs to this form only.
  gcTime: 0,
  retry: 1,
});

export interface Credentials {
  username: string;
  password: string;
}

/** A form token that is not about to expire: the cached one, or a fresh one. */
export function useFreshCsrfToken() {
  const queryClient = useQueryClient();
  return async (): Promise<CsrfReply> => {
    const cached = queryClient.getQueryData(csrfQuery.queryKey);
    const nearExpiry = !cached || cached.expiresAt - Date.now() <= EXPIRY_MARGIN_MS;
    try {
      // Returns the cached token unless it is invalidated or near expiry; joins a fetch in flight.
      return await queryClient.fetchQuery({ ...csrfQuery, staleTime: nearExpiry ? 0 : Infinity });
    } catch (error) {
      throw new LoginTokenUnavailableError(error);
    }
  };
}

/**
 * The login form's server side: the CSRF token is fetched when the page loads, renewed when nearly
 * expired, and fetched anew after every failed attempt (csrfToken* errors demand it, and the server may
 * bind a token to one attempt). Each attempt answers a new bot check (it is accepted once). A user with
 * a second factor gets no session here: `onSecondFactor` continues on the verification page.
 */
export function useLogin(onSuccess: (reply: LoginReply) => void, onSecondFactor: () => void, app?: AppLogin) {
  const queryClient = useQueryClient();
  const csrf = useQuery(csrfQuery);
  const freshToken = useFreshCsrfToken();

  const mutation = useMutation({
    mutationFn: async ({ username, password }: Credentials): Promise<LoginOutcome> => {
      const [token, recaptchaToken, mode] = await Promise.all([
        freshToken(),
        botCheckToken(),
        app?.mode() ?? 'page',
      ]);
      const request = { csrfToken: token.csrfToken, recaptchaToken, username, password };
      // Inside an app that takes part in the login, the app sends it with the page's tokens.
      return mode === 'app' && app ? app.handOver(request) : login(request);
    },
    onSuccess: (reply) => {
      if (!('user' in reply)) return onSecondFactor();
      queryClient.setQueryData(userInfoQuery.queryKey, reply.user);
      onSuccess(reply);
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: csrfQuery.queryKey });
    },
  });

  return {
    submit: mutation.mutate,
    pending: mutation.isPending,
    error: mutation.error,
    preparing: csrf.isPending,
  };
}
