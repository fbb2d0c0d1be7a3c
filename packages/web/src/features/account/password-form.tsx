import { Alert, Button, PasswordInput, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { PasswordChange, PasswordChangeReply, PasswordIssue, PasswordPolicy } from '@leitwarte/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { changePassword } from '../../api/user-management';
import { canSubmit, fieldIssues, issuesWhileTyping, policyTextKeys, refusalKey } from './password-rules';

const EMPTY: PasswordChange = { oldPassword: '', newPassword: '', newConfirmation: '' };

/** Old password, new password and its confirmation; the rules are checked as the user types. */
export function PasswordForm({ policy, username }: { policy: PasswordPolicy; username: string }) {
  const { t } = useTranslation();
  const [change, setChange] = useState<PasswordChange>(EMPTY);
  // The server's verdict holds for the values it saw; editing any field retires it.
  const [reply, setReply] = useState<PasswordChangeReply | null>(null);
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: (result) => {
      setReply(result);
      if (result.status === 'Success') setChange(EMPTY);
    },
  });

  const policyText = policyTextKeys(policy)
    .map((key) => t(key, { minLength: policy.minLength }))
    .join(' ');
  const typing = issuesWhileTyping(policy, change);
  const fromServer = fieldIssues(reply?.status === 'Success' ? [] : (reply?.issues ?? []));
  const issueText = (issues: PasswordIssue[]) => {
    const texts = [...new Set(issues)].map((issue) =>
      issue === 'policy' ? policyText : t(`account.password.issues.${issue}`),
    );
    return texts.length > 0 ? texts.join(' ') : null;
  };

  const edit = (field: keyof PasswordChange) => (value: string) => {
    setReply(null);
    setChange((current) => ({ ...current, [field]: value }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit(policy, change) || mutation.isPending) return;
    mutation.mutate(change);
  };

  const refusal = reply && reply.status !== 'Success' ? refusalKey(reply) : null;
  const generalError =
    reply && reply.status !== 'Success'
      ? refusal
        ? t(refusal)
        : reply.issues.length > 0
          ? t('account.password.failed')
          : reply.errorMessage || t('account.password.failed')
      : null;

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={mutation.isPending}>
      <Stack gap="md">
        {reply?.status === 'Success' ? (
          <Alert color="green" variant="light" role="status" data-testid="password-success">
            {t('account.password.success')}
          </Alert>
        ) : null}
        {generalError ? (
          <Alert color="red" variant="light" role="alert" data-testid="password-error">
            {generalError}
          </Alert>
        ) : null}
        {/* Lets password managers store the new password for the right account. */}
        <VisuallyHidden>
          <input
            type="text"
            name="username"
            autoComplete="username"
            value={username}
            readOnly
            tabIndex={-1}
          />
        </VisuallyHidden>
        <PasswordInput
          label={t('account.password.old')}
          name="oldPassword"
          autoComplete="current-password"
          required
          value={change.oldPassword}
          onChange={(event) => edit('oldPassword')(event.currentTarget.value)}
          error={issueText(fromServer.oldPassword)}
        />
        <Text size="sm" c="dimmed" id="password-policy" data-testid="password-policy">
          {policyText}
        </Text>
        <PasswordInput
          label={t('account.password.new')}
          name="newPassword"
          autoComplete="new-password"
          required
          aria-describedby="password-policy"
          value={change.newPassword}
          onChange={(event) => edit('newPassword')(event.currentTarget.value)}
          error={issueText([...typing.newPassword, ...fromServer.newPassword])}
        />
        <PasswordInput
          label={t('account.password.confirmation')}
          name="newConfirmation"
          autoComplete="new-password"
          required
          value={change.newConfirmation}
          onChange={(event) => edit('newConfirmation')(event.currentTarget.value)}
          error={issueText([...typing.newConfirmation, ...fromServer.newConfirmation])}
        />
        <Button type="submit" loading={mutation.isPending} disabled={!canSubmit(policy, change)}>
          {t('account.password.submit')}
        </Button>
      </Stack>
    </form>
  );
}
