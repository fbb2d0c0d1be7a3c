import type { LoginOutcome, LoginRequest } from '@leitwarte/core';
import { useEffect, useRef } from 'react';
import { ApiError } from '../../api/http';
import { getUserInfo } from '../../api/user-management';
import {
  NativeBridgeError,
  useNativeApp,
  type NativeBridge,
  type NativeLoginTokens,
} from '../../lib/native-bridge';

/** How long the page waits for the session after handing the login to the app. */
export const APP_LOGIN_WAIT_MS = 15_000;
const SESSION_POLL_MS = 500;

/**
 * Who sends the login inside the app: the app, when it answered the login-mode request (it logs
 * in with the page's tokens and the typed credentials, and remembers the user); the page itself,
 * when the app did not answer in time (iOS: 500 ms) or knows no such request, as in a browser.
 */
export type AppLoginMode = 'app' | 'page';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the app's login gave the web view a session; its user, or a time-out error. */
async function sessionAfterHandover(): Promise<LoginOutcome> {
  const until = Date.now() + APP_LOGIN_WAIT_MS;
  while (Date.now() < until) {
    await sleep(SESSION_POLL_MS);
    try {
      return { user: await getUserInfo(undefined, true) };
    } catch (error) {
      // 401: the app has not logged in yet; anything else is a real failure.
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
    }
  }
  throw new NativeBridgeError('timeout', 'setTokensAndLogin', 'no session after handing over the login');
}

/**
 * The login page inside the Android or iOS app: asks the app once for the login mode and the user
 * it remembers (handed to `onLoginUser`). `mode()` resolves when the mode is known (at most the
 * request's time limit), so a submit never waits longer than that; in a browser it is 'page' at
 * once.
 */
export function useAppLogin(onLoginUser: (username: string) => void): {
  mode: () => Promise<AppLoginMode>;
  handOver: (request: LoginRequest) => Promise<LoginOutcome>;
} {
  const { bridge } = useNativeApp();
  const onLoginUserRef = useRef(onLoginUser);
  const modeRef = useRef<Promise<AppLoginMode> | null>(null);
  const bridgeRef = useRef<NativeBridge | null>(bridge);
  useEffect(() => {
    bridgeRef.current = bridge;
    onLoginUserRef.current = onLoginUser;
  });

  useEffect(() => {
    if (bridge === null) return;
    let live = true;
    modeRef.current = bridge.getLoginMode().then(
      (): AppLoginMode => 'app',
      (): AppLoginMode => 'page',
    );
    bridge.getLoginUser().then(
      (user) => {
        if (live && user !== null) onLoginUserRef.current(user);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [bridge]);

  return {
    mode: () => modeRef.current ?? Promise.resolve('page'),
    handOver: async (request) => {
      const current = bridgeRef.current;
      if (current === null) throw new NativeBridgeError('failed', 'setTokensAndLogin', 'no app');
      // Without a bot check (none configured) the token is empty, as the contract has it always.
      const tokens: NativeLoginTokens = { ...request, recaptchaToken: request.recaptchaToken ?? '' };
      await current.setTokensAndLogin(tokens);
      return sessionAfterHandover();
    },
  };
}
