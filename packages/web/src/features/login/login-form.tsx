import { Alert, Button, PasswordInput, Stack, TextInput, VisuallyHidden } from '@mantine/core';
import type { LoginReply } from '@leitwarte/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppLogin } from './app-login';
import { loginErrorKey } from './login-error';
import { useLogin } from './use-login';

/** Username and password; shows the catalogue text for a refused login. */
export function LoginForm({
  onLoggedIn,
  onSecondFactor,
}: {
  onLoggedIn: (reply: LoginReply) => void;
  onSecondFactor: () => void;
}) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  // The user the app remembers fills the name, unless the user has started typing.
  const app = useAppLogin((loginUser) => setUsername((typed) => typed || loginUser));
  const { submit, pending, error, preparing } = useLogin(onLoggedIn, onSecondFactor, app);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!username || !password || pending) return;
    // A failed password is cleared so the next attempt starts clean; the user name stays.
    submit({ username, password }, { onError: () => setPassword('') });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending}>
      <Stack gap="md">
        {error ? (
          <Alert color="red" variant="light" role="alert" data-testid="login-error">
            {t(loginErrorKey(error))}
          </Alert>
        ) : null}
        <TextInput
          label={t('login.username')}
          name="username"
          autoComplete="username"
          autoFocus
          required
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
        />
        <PasswordInput
          label={t('login.password')}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Button type="submit" loading={pending} disabled={!username || !password} fullWidth>
          {t('login.submit')}
        </Button>
        {preparing ? <VisuallyHidden role="status">{t('login.preparing')}</VisuallyHidden> : null}
      </Stack>
    </form>
  );
}
