import { useRoleName } from '../../lib/role-name';
import type { AuthSource, Role, UserPasswordReply } from '@leitwarte/core';
import { MultiSelect, PasswordInput, SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setUserRoles, type AdminUser } from '../../api/admin-rights';
import { createUser, getUser, resetUserPassword, updateUser } from '../../api/admin-users';
import { LANGUAGES } from '../../i18n/languages';
import { FormDialog } from './form-dialog';

const roleOptions = (roles: readonly Role[], roleName: (name: string) => string) =>
  roles.map((r) => ({ value: String(r.id), label: roleName(r.name) }));

/** New user: name, display name, roles, where the password lives, optionally the password. */
export function CreateUserDialog({
  roles,
  onCreated,
  onClose,
}: {
  roles: readonly Role[];
  onCreated: (reply: UserPasswordReply) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const [username, setUsername] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [roleIds, setRoleIds] = useState<string[]>([]);
  const [authSource, setAuthSource] = useState<AuthSource>('local');
  const [password, setPassword] = useState('');
  const submit = async () => {
    const reply = await createUser({
      username: username.trim(),
      displayName: displayName.trim() || username.trim(),
      roleIds: roleIds.map(Number),
      authSource,
      ...(authSource === 'local' && password !== '' ? { password } : {}),
    });
    await onCreated(reply);
  };
  return (
    <FormDialog title={t('admin.users.createTitle')} onSubmit={submit} onClose={onClose}>
      <TextInput
        label={t('admin.users.username')}
        required
        value={username}
        onChange={(e) => setUsername(e.currentTarget.value)}
        data-autofocus
      />
      <TextInput
        label={t('admin.users.displayName')}
        value={displayName}
        onChange={(e) => setDisplayName(e.currentTarget.value)}
      />
      <MultiSelect
        label={t('admin.users.roles')}
        data={roleOptions(roles, roleName)}
        value={roleIds}
        onChange={setRoleIds}
        searchable
      />
      <div>
        <Text size="sm" fw={500}>
          {t('admin.users.authSource')}
        </Text>
        <SegmentedControl
          value={authSource}
          onChange={(value) => setAuthSource(value === 'domain' ? 'domain' : 'local')}
          data={[
            { value: 'local', label: t('admin.users.authLocal') },
            { value: 'domain', label: t('admin.users.authDomain') },
          ]}
        />
      </div>
      {authSource === 'local' ? (
        <PasswordInput
          label={t('admin.users.password')}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          autoComplete="new-password"
        />
      ) : null}
    </FormDialog>
  );
}

interface EditProps {
  user: AdminUser;
  onSaved: () => Promise<void>;
  onClose: () => void;
}

/** Display name and language of a user's screens; the language is read first. */
export function EditUserDialog(props: EditProps) {
  const { data } = useQuery({
    queryKey: ['admin', 'user', props.user.id],
    queryFn: ({ signal }) => getUser(props.user.id, signal),
    staleTime: 0,
  });
  return data ? <EditUserForm {...props} language={data.language} /> : null;
}

function EditUserForm({ user, language, onSaved, onClose }: EditProps & { language: string }) {
  const { t } = useTranslation();
  const [displayName, setDisplayName] = useState(user.displayName);
  const [lang, setLang] = useState(language);
  const submit = async () => {
    const next = LANGUAGES.find((l) => l === lang);
    await updateUser(user.id, { displayName: displayName.trim(), ...(next ? { language: next } : {}) });
    await onSaved();
  };
  return (
    <FormDialog
      title={t('admin.users.editTitle', { name: user.username })}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        label={t('admin.users.displayName')}
        required
        value={displayName}
        onChange={(e) => setDisplayName(e.currentTarget.value)}
      />
      <Select
        label={t('admin.users.language')}
        data={LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
        value={lang}
        onChange={(value) => setLang(value ?? lang)}
        allowDeselect={false}
      />
    </FormDialog>
  );
}

/** The roles of a user; takes effect at once. */
export function UserRolesDialog({
  user,
  roles,
  onSaved,
  onClose,
}: {
  user: AdminUser;
  roles: readonly Role[];
  onSaved: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const [roleIds, setRoleIds] = useState(user.roleIds.map(String));
  const submit = async () => {
    await setUserRoles(user.id, roleIds.map(Number));
    await onSaved();
  };
  return (
    <FormDialog
      title={t('admin.users.rolesTitle', { name: user.username })}
      onSubmit={submit}
      onClose={onClose}
    >
      <MultiSelect
        label={t('admin.users.roles')}
        data={roleOptions(roles, roleName)}
        value={roleIds}
        onChange={setRoleIds}
        searchable
      />
    </FormDialog>
  );
}

/** A new password, random (shown once afterwards) or typed in; the user's sessions end. */
export function ResetPasswordDialog({
  user,
  onReset,
  onClose,
}: {
  user: AdminUser;
  onReset: (reply: UserPasswordReply) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const submit = async () =>
    onReset(await resetUserPassword(user.id, password === '' ? undefined : password));
  return (
    <FormDialog
      title={t('admin.users.resetTitle', { name: user.username })}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text size="sm">{t('admin.users.resetHint')}</Text>
      <PasswordInput
        label={t('admin.users.newPassword')}
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        autoComplete="new-password"
      />
    </FormDialog>
  );
}
