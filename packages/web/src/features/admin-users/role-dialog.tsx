import {
  RIGHT_NAMES,
  type Role,
  type RoleInput,
  type RightName,
  type ScopePvGroup,
  type Station,
} from '@leitwarte/core';
import { Checkbox, MultiSelect, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createRole, updateRole } from '../../api/admin-rights';
import { FormDialog } from './form-dialog';

const isRight = (name: string): name is RightName => (RIGHT_NAMES as readonly string[]).includes(name);

/** Create or change a role: name, description, rights (checkboxes) and where they hold. */
export function RoleDialog({
  role,
  stations,
  pvGroups,
  onSaved,
  onClose,
}: {
  role: Role | null;
  stations: readonly Station[];
  pvGroups: readonly ScopePvGroup[];
  onSaved: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [rights, setRights] = useState<string[]>(role?.rights ?? ['read']);
  const [allStations, setAllStations] = useState(role?.scope.allStations ?? true);
  const [stationNrs, setStationNrs] = useState((role?.scope.stations ?? []).map(String));
  const [groupIds, setGroupIds] = useState((role?.scope.pvGroups ?? []).map(String));
  const stationName = (nr: number) => stations.find((s) => s.stationNumber === nr)?.name ?? String(nr);

  const submit = async () => {
    const input: RoleInput = {
      name: name.trim(),
      description: description.trim(),
      rights: rights.filter(isRight),
      scope: allStations
        ? { allStations: true, stations: [], pvGroups: [] }
        : { allStations: false, stations: stationNrs.map(Number), pvGroups: groupIds.map(Number) },
    };
    await (role === null ? createRole(input) : updateRole(role.id, input));
    await onSaved();
  };

  return (
    <FormDialog
      size="lg"
      title={role === null ? t('admin.roles.createTitle') : t('admin.roles.editTitle', { name: role.name })}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        label={t('admin.roles.name')}
        required
        disabled={role?.builtIn}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <TextInput
        label={t('admin.roles.description')}
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
      />
      <Checkbox.Group label={t('admin.roles.rights')} value={rights} onChange={setRights}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} mt="xs">
          {RIGHT_NAMES.map((right) => (
            <Checkbox key={right} value={right} label={t(`admin.rightNames.${right}`)} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Radio.Group
        label={t('admin.roles.scope')}
        value={allStations ? 'all' : 'some'}
        onChange={(value) => setAllStations(value === 'all')}
      >
        <Stack gap={6} mt="xs">
          <Radio value="all" label={t('admin.roles.allStations')} />
          <Radio value="some" label={t('admin.roles.someStations')} />
        </Stack>
      </Radio.Group>
      {allStations ? null : (
        <>
          <MultiSelect
            label={t('admin.roles.stations')}
            data={stations.map((s) => ({ value: String(s.stationNumber), label: s.name }))}
            value={stationNrs}
            onChange={setStationNrs}
            searchable
          />
          <MultiSelect
            label={t('admin.roles.pvGroups')}
            data={pvGroups.map((g) => ({
              value: String(g.id),
              label: t('admin.roles.pvGroupLabel', { station: stationName(g.station), name: g.name }),
            }))}
            value={groupIds}
            onChange={setGroupIds}
            searchable
          />
        </>
      )}
    </FormDialog>
  );
}
