import { Alert, Button, Group, PasswordInput, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { disableSecondFactor } from '../../api/second-factor';

/** Switching the own second factor off, proven by a current code or by the password. */
export function SecondFactorDisableForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [by, setBy] = useState<'code' | 'password'>('code');
  const [value, setValue] = useState('');
  const disable = useMutation({
    mutationFn: () => disableSecondFactor(by === 'code' ? { code: value.trim() } : { password: value }),
    onSuccess: onDone,
    onError: () => setValue(''),
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (value && !disable.isPending) disable.mutate();
  };
  const code = disable.error instanceof ApiError ? disable.error.code : null;
  const errorText =
    code === 'codeInvalid' || code === 'validation'
      ? t('secondFactor.card.errors.codeInvalid')
      : code === 'passwordInvalid'
        ? t('secondFactor.card.errors.passwordInvalid')
        : t('secondFactor.card.errors.failed');

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <SegmentedControl
          value={by}
          onChange={(next) => {
            setBy(next as 'code' | 'password');
            setValue('');
          }}
          data={[
            { value: 'code', label: t('secondFactor.card.disableWithCode') },
            { value: 'password', label: t('secondFactor.card.disableWithPassword') },
          ]}
        />
        {disable.error ? (
          <Alert color="red" role="alert">
            {errorText}
          </Alert>
        ) : null}
        {by === 'code' ? (
          <TextInput
            label={t('secondFactor.card.codeLabel')}
            name="disable-code"
            autoComplete="one-time-code"
            inputMode="numeric"
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
          />
        ) : (
          <PasswordInput
            label={t('secondFactor.card.password')}
            name="disable-password"
            autoComplete="current-password"
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
          />
        )}
        <Group>
          <Button type="submit" color="red" variant="light" loading={disable.isPending} disabled={!value}>
            {t('secondFactor.card.disable')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
