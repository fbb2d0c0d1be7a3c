import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import type { LoginReply } from '@leitwarte/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { verifyLogin } from '../../api/auth';
import { ApiError } from '../../api/http';
import { userInfoQuery } from '../../api/user-management';
import { loginUrlWith, safeReturnUrl } from '../../lib/return-url';
import { loginErrorKey } from './login-error';
import { LoginFrame } from './login-frame';
import { csrfQuery, useFreshCsrfToken } from './use-login';

// After these the pending login is over: the user must start again with the password.
const FINAL = new Set(['loginTimeLimitExceeded', 'lockedOut', 'userNotLoaded']);

/** Second step of a login: the code of the authenticator app or a recovery code (screens §2). */
export function LoginVerifyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const returnUrl = params.get('returnUrl');
  const [code, setCode] = useState('');
  useQuery(csrfQuery);
  const freshToken = useFreshCsrfToken();

  const verify = useMutation({
    mutationFn: async (value: string) => {
      const { csrfToken } = await freshToken();
      return verifyLogin({ csrfToken, code: value });
    },
    onSuccess: (reply: LoginReply) => {
      queryClient.setQueryData(userInfoQuery.queryKey, reply.user);
      void navigate(safeReturnUrl(returnUrl), { replace: true });
    },
    onError: () => {
      setCode('');
      void queryClient.invalidateQueries({ queryKey: csrfQuery.queryKey });
    },
  });

  const error = verify.error;
  const errorCode = error instanceof ApiError ? error.code : null;
  const over = errorCode !== null && FINAL.has(errorCode);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.trim() && !verify.isPending && !over) verify.mutate(code.trim());
  };

  return (
    <LoginFrame title={t('secondFactor.verify.title')} subtitle={t('secondFactor.verify.intro')}>
      <form onSubmit={onSubmit} noValidate aria-busy={verify.isPending}>
        <Stack gap="md">
          {error ? (
            <Alert color="red" variant="light" role="alert" data-testid="login-error">
              {errorCode === 'secondFactorCodeInvalid'
                ? t('secondFactor.verify.codeInvalid')
                : t(loginErrorKey(error))}
            </Alert>
          ) : null}
          <TextInput
            label={t('secondFactor.verify.code')}
            name="code"
            autoComplete="one-time-code"
            autoFocus
            required
            disabled={over}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
          <Button type="submit" loading={verify.isPending} disabled={!code.trim() || over} fullWidth>
            {t('secondFactor.verify.submit')}
          </Button>
          <Anchor component={Link} to={loginUrlWith(returnUrl)} size="sm" ta="center">
            {t('secondFactor.verify.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </LoginFrame>
  );
}
