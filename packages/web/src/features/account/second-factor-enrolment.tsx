import { Alert, Button, Code, Group, Image, List, Stack, Text, TextInput } from '@mantine/core';
import type { SecondFactorEnrolment } from '@leitwarte/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { confirmSecondFactor, startSecondFactorEnrolment } from '../../api/second-factor';
import { qrCodeDataUrl } from '../../ui/qr-code';

function useQrImage(text: string | undefined) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    if (text !== undefined) void qrCodeDataUrl(text).then((src) => current && setImage(src));
    return () => {
      current = false;
    };
  }, [text]);
  return image;
}

/** Switching the second factor on: secret as QR code and text, first code, then the recovery codes once. */
export function SecondFactorEnrolmentSteps({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolment | null>(null);
  const [code, setCode] = useState('');
  const start = useMutation({ mutationFn: startSecondFactorEnrolment, onSuccess: setEnrolment });
  const confirm = useMutation({ mutationFn: confirmSecondFactor, onError: () => setCode('') });
  const qr = useQrImage(enrolment?.otpauthUri);

  if (confirm.data) {
    return (
      <Stack gap="sm">
        <Alert color="green" variant="light" title={t('secondFactor.card.recoveryTitle')}>
          {t('secondFactor.card.recoveryIntro')}
        </Alert>
        <List data-testid="recovery-codes" styles={{ item: { fontFamily: 'monospace' } }}>
          {confirm.data.recoveryCodes.map((c) => (
            <List.Item key={c}>{c}</List.Item>
          ))}
        </List>
        <Group>
          <Button onClick={onDone}>{t('secondFactor.card.recoveryDone')}</Button>
        </Group>
      </Stack>
    );
  }
  if (enrolment === null) {
    return (
      <Stack gap="sm">
        <Text size="sm">{t('secondFactor.card.intro')}</Text>
        {start.error ? <Alert color="red">{t('secondFactor.card.errors.failed')}</Alert> : null}
        <Group>
          <Button onClick={() => start.mutate()} loading={start.isPending}>
            {t('secondFactor.card.start')}
          </Button>
        </Group>
      </Stack>
    );
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.trim() && !confirm.isPending) confirm.mutate(code.trim());
  };
  const confirmError =
    confirm.error instanceof ApiError && confirm.error.code === 'codeInvalid'
      ? t('secondFactor.card.errors.codeInvalid')
      : t('secondFactor.card.errors.failed');
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('secondFactor.card.scan')}</Text>
        {qr ? <Image src={qr} alt={t('secondFactor.card.qrAlt')} w={200} h={200} fit="contain" /> : null}
        <Text size="sm">
          {t('secondFactor.card.secretLabel')}{' '}
          <Code data-testid="second-factor-secret">{enrolment.secret}</Code>
        </Text>
        {confirm.error ? (
          <Alert color="red" role="alert">
            {confirmError}
          </Alert>
        ) : null}
        <TextInput
          label={t('secondFactor.card.confirmCode')}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Group>
          <Button type="submit" loading={confirm.isPending} disabled={!code.trim()}>
            {t('secondFactor.card.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
