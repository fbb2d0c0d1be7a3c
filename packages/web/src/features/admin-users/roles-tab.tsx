import { useRoleName } from '../../lib/role-name';
import type { Role, ScopePvGroup, Station } from '@leitwarte/core';
import { Badge, Button, Group, Stack, Table } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteRole } from '../../api/admin-rights';
import { RoleDialog } from './role-dialog';
import { ConfirmDialog } from './simple-dialogs';
import { useRefreshAdmin } from './use-admin-data';

type Dialog = { kind: 'edit'; role: Role | null } | { kind: 'delete'; role: Role };

/** The roles with their rights and scope; roles made by an administrator can be deleted. */
export function RolesTab({
  roles,
  stations,
  pvGroups,
}: {
  roles: readonly Role[];
  stations: readonly Station[];
  pvGroups: readonly ScopePvGroup[];
}) {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const refresh = useRefreshAdmin();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const scopeText = (role: Role) =>
    role.scope.allStations
      ? t('admin.roles.allStations')
      : t('admin.roles.scopeSummary', {
          stations: role.scope.stations.length,
          groups: role.scope.pvGroups.length,
        });

  return (
    <Stack>
      <Group justify="flex-end">
        <Button onClick={() => setDialog({ kind: 'edit', role: null })}>{t('admin.roles.create')}</Button>
      </Group>
      <Table.ScrollContainer minWidth={640}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.roles.name')}</Table.Th>
              <Table.Th>{t('admin.roles.rights')}</Table.Th>
              <Table.Th>{t('admin.roles.scope')}</Table.Th>
              <Table.Th>{t('admin.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {roles.map((role) => (
              <Table.Tr key={role.id} data-role={role.name}>
                <Table.Td>
                  {roleName(role.name)}{' '}
                  {role.builtIn ? (
                    <Badge size="xs" variant="light" color="gray">
                      {t('admin.roles.builtIn')}
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td>{role.rights.map((r) => t(`admin.rightNames.${r}`)).join(', ')}</Table.Td>
                <Table.Td>{scopeText(role)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" variant="light" onClick={() => setDialog({ kind: 'edit', role })}>
                      {t('admin.roles.edit')}
                    </Button>
                    {role.builtIn ? null : (
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        onClick={() => setDialog({ kind: 'delete', role })}
                      >
                        {t('admin.roles.delete')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {dialog?.kind === 'edit' ? (
        <RoleDialog
          role={dialog.role}
          stations={stations}
          pvGroups={pvGroups}
          onClose={close}
          onSaved={async () => {
            await refresh();
            close();
          }}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          title={t('admin.roles.delete')}
          message={t('admin.roles.confirmDelete', { name: dialog.role.name })}
          onClose={close}
          onConfirm={async () => {
            await deleteRole(dialog.role.id);
            await refresh();
          }}
        />
      ) : null}
    </Stack>
  );
}
