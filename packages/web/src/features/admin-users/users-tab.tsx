import type { Role } from '@leitwarte/core';
import { ActionIcon, Badge, Button, Group, Menu, Stack, Table, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '../../api/admin-rights';
import { disableUser, enableUser, resetSecondFactor, unlockUser } from '../../api/admin-users';
import { LicenseUsePanel } from './license-use';
import { ConfirmDialog, PasswordOnceDialog } from './simple-dialogs';
import { useRefreshAdmin } from './use-admin-data';
import { CreateUserDialog, EditUserDialog, ResetPasswordDialog, UserRolesDialog } from './user-dialogs';
import { useRoleName } from '../../lib/role-name';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit' | 'roles' | 'reset' | 'disable' | 'enable' | 'secondFactor' | 'unlock'; user: AdminUser }
  | { kind: 'password'; name: string; password: string | null };

// A badge's label clips by default, so a narrow column would cut "Gesperrt bis 14:35" short;
// whole labels make the column as wide as they are, and the table scrolls instead.
const WHOLE_LABEL = { label: { overflow: 'visible' } } as const;

/** The users with their roles and state; every change through a dialog. */
export function UsersTab({ users, roles }: { users: readonly AdminUser[]; roles: readonly Role[] }) {
  const { t, i18n } = useTranslation();
  const refresh = useRefreshAdmin();
  const lockedUntil = (at: number) =>
    t('admin.users.locked', {
      time: new Date(at).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' }),
    });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const roleName = useRoleName();
  const roleNames = (user: AdminUser) =>
    roles
      .filter((r) => user.roleIds.includes(r.id))
      .map((r) => roleName(r.name))
      .join(', ') || t('admin.users.noRoles');

  const rows = users.map((user) => (
    <Table.Tr key={user.id} data-user={user.username}>
      <Table.Td>{user.username}</Table.Td>
      <Table.Td>{user.displayName}</Table.Td>
      <Table.Td>{roleNames(user)}</Table.Td>
      {/* On one line: on a narrow screen the table scrolls rather than cutting a badge's text. */}
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Badge color={user.disabled ? 'gray' : 'green'} variant="light" styles={WHOLE_LABEL}>
          {user.disabled ? t('admin.users.disabled') : t('admin.users.enabled')}
        </Badge>
        {user.lockedUntil === null ? null : (
          <Badge color="orange" variant="light" ml={4} styles={WHOLE_LABEL} data-testid="locked-badge">
            {lockedUntil(user.lockedUntil)}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        {user.secondFactor ? t('admin.users.secondFactorOn') : t('admin.users.secondFactorOff')}
      </Table.Td>
      <Table.Td>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={t('admin.users.actionsFor', { name: user.username })}>
              ⋯
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => setDialog({ kind: 'edit', user })}>{t('admin.users.edit')}</Menu.Item>
            <Menu.Item onClick={() => setDialog({ kind: 'roles', user })}>
              {t('admin.users.editRoles')}
            </Menu.Item>
            <Menu.Item onClick={() => setDialog({ kind: 'reset', user })}>
              {t('admin.users.resetPassword')}
            </Menu.Item>
            {user.lockedUntil === null ? null : (
              <Menu.Item onClick={() => setDialog({ kind: 'unlock', user })}>
                {t('admin.users.unlock')}
              </Menu.Item>
            )}
            <Menu.Item onClick={() => setDialog({ kind: 'secondFactor', user })}>
              {t('admin.users.resetSecondFactor')}
            </Menu.Item>
            <Menu.Item
              color={user.disabled ? undefined : 'red'}
              onClick={() => setDialog({ kind: user.disabled ? 'enable' : 'disable', user })}
            >
              {user.disabled ? t('admin.users.enable') : t('admin.users.disable')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Table.Td>
    </Table.Tr>
  ));

  return (
    <Stack>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <LicenseUsePanel />
        <Button onClick={() => setDialog({ kind: 'create' })}>{t('admin.users.create')}</Button>
      </Group>
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.users.username')}</Table.Th>
              <Table.Th>{t('admin.users.displayName')}</Table.Th>
              <Table.Th>{t('admin.users.roles')}</Table.Th>
              <Table.Th>{t('admin.users.state')}</Table.Th>
              <Table.Th>{t('admin.users.secondFactor')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('admin.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{rows}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {dialog ? (
        <UserDialog dialog={dialog} roles={roles} setDialog={setDialog} refresh={refresh} close={close} />
      ) : null}
    </Stack>
  );
}

function UserDialog({
  dialog,
  roles,
  setDialog,
  refresh,
  close,
}: {
  dialog: Dialog;
  roles: readonly Role[];
  setDialog: (dialog: Dialog | null) => void;
  refresh: () => Promise<void>;
  close: () => void;
}) {
  const { t } = useTranslation();
  const saved = async () => {
    await refresh();
    close();
  };
  switch (dialog.kind) {
    case 'create':
      return (
        <CreateUserDialog
          roles={roles}
          onClose={close}
          onCreated={async (reply) => {
            await refresh();
            setDialog({ kind: 'password', name: reply.user.username, password: reply.password });
          }}
        />
      );
    case 'password':
      return <PasswordOnceDialog name={dialog.name} password={dialog.password} onClose={close} />;
    case 'edit':
      return <EditUserDialog user={dialog.user} onSaved={saved} onClose={close} />;
    case 'roles':
      return <UserRolesDialog user={dialog.user} roles={roles} onSaved={saved} onClose={close} />;
    case 'reset':
      return (
        <ResetPasswordDialog
          user={dialog.user}
          onClose={close}
          onReset={(reply) =>
            setDialog({ kind: 'password', name: reply.user.username, password: reply.password })
          }
        />
      );
    case 'secondFactor':
      return (
        <ConfirmDialog
          title={t('admin.users.resetSecondFactor')}
          message={t('admin.users.confirmResetSecondFactor', { name: dialog.user.username })}
          onClose={close}
          onConfirm={async () => {
            await resetSecondFactor(dialog.user.id);
            await refresh();
          }}
        />
      );
    case 'unlock':
      return (
        <ConfirmDialog
          title={t('admin.users.unlock')}
          message={t('admin.users.confirmUnlock', { name: dialog.user.username })}
          onClose={close}
          onConfirm={async () => {
            await unlockUser(dialog.user.id);
            await refresh();
          }}
        />
      );
    case 'disable':
    case 'enable': {
      const disable = dialog.kind === 'disable';
      const name = dialog.user.username;
      return (
        <ConfirmDialog
          title={disable ? t('admin.users.disable') : t('admin.users.enable')}
          message={
            disable ? t('admin.users.confirmDisable', { name }) : t('admin.users.confirmEnable', { name })
          }
          onClose={close}
          onConfirm={async () => {
            await (disable ? disableUser : enableUser)(dialog.user.id);
            await refresh();
          }}
        />
      );
    }
  }
}
