import { pvKey, type LifecycleBulkSaveReply, type LifecycleEntry, type PvRef } from '@leitwarte/core';
import {
  ActionIcon,
  Alert,
  Autocomplete,
  Button,
  Group,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getMachineLifecycle, getMaintenanceDescriptions, saveMachineLifecycle } from '../../api/maintenance';
import { EmptyView, ErrorView, LoadingView } from '../../ui/status-views';
import { bulkSaveOf, dateInputOf, draftsOf, hasChanges, type EntryDraft } from './lifecycle-drafts';
import { MachineHeader } from './machine-header';
import { useMachine } from './use-machine';
import { useMachineRight } from './use-machine-right';
import './maintenance.css';

let newKeys = 0;

/** The kinds offered: those the machine's entries have and the plant's maintenance descriptions. */
function useKinds(entries: readonly LifecycleEntry[]): string[] {
  const descriptions = useQuery({
    queryKey: ['maintenance', 'descriptions'],
    queryFn: ({ signal }) => getMaintenanceDescriptions(signal),
    staleTime: 300_000,
  });
  return useMemo(
    () => [...new Set([...entries.map((e) => e.kind), ...(descriptions.data ?? [])])].sort(),
    [entries, descriptions.data],
  );
}

function LifecycleTable({
  machine,
  entries,
  canEdit,
  onSave,
}: {
  machine: PvRef;
  entries: readonly LifecycleEntry[];
  canEdit: boolean;
  onSave: (drafts: readonly EntryDraft[]) => Promise<LifecycleBulkSaveReply | null>;
}) {
  const { t } = useTranslation();
  const kinds = useKinds(entries);
  const [drafts, setDrafts] = useState(() => draftsOf(entries));
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<{ title: string; reason: string } | null>(null);
  const pending = bulkSaveOf(machine, entries, drafts);
  const changed = hasChanges(pending);
  const userOf = new Map(entries.map((e) => [e.id, e.user]));

  const edit = (key: string, patch: Partial<EntryDraft>) =>
    setDrafts((list) => list.map((d) => (d.key === key ? { ...d, ...patch } : d)));
  const add = () =>
    setDrafts((list) => [
      {
        key: `new-${++newKeys}`,
        id: null,
        date: dateInputOf(Date.now()),
        text: '',
        kind: '',
        deleted: false,
      },
      ...list,
    ]);
  const save = async () => {
    setSaving(true);
    setFailure(null);
    const reply = await onSave(drafts);
    setSaving(false);
    if (reply && reply.status !== 'Success') {
      // A save that only adds entries failed to create them; anything else failed as a whole.
      const onlyAdds = pending.entriesToUpdate.length === 0 && pending.idsToDelete.length === 0;
      setFailure({
        title: t(onlyAdds ? 'errors.entryNotCreated' : 'errors.lifeCycleNotSaved'),
        reason: reply.errorMessage ?? '',
      });
    }
  };

  const rows = drafts.filter((d) => !d.deleted);
  return (
    <Stack gap="md">
      {canEdit ? (
        <Group justify="space-between" className="maintenance-no-print">
          <Button variant="default" onClick={add}>
            {t('maintenance.lifecycle.add')}
          </Button>
          <Button onClick={() => void save()} loading={saving} disabled={!changed}>
            {t('maintenance.lifecycle.save')}
          </Button>
        </Group>
      ) : null}
      {failure ? (
        <Alert color="red" role="alert" title={failure.title}>
          {failure.reason}
        </Alert>
      ) : null}
      {rows.length === 0 ? (
        <EmptyView message={t('maintenance.lifecycle.empty')} />
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table aria-label={t('maintenance.screens.lifecycle')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={170}>{t('maintenance.lifecycle.date')}</Table.Th>
                <Table.Th w={220}>{t('maintenance.lifecycle.kind')}</Table.Th>
                <Table.Th>{t('maintenance.lifecycle.text')}</Table.Th>
                <Table.Th w={140}>{t('maintenance.lifecycle.user')}</Table.Th>
                {canEdit ? <Table.Th w={48} /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((d, index) => (
                <Table.Tr key={d.key} data-entry={d.id ?? 'new'} data-row={index}>
                  <Table.Td>
                    <TextInput
                      type="date"
                      aria-label={t('maintenance.lifecycle.date')}
                      value={d.date}
                      readOnly={!canEdit}
                      variant={canEdit ? 'default' : 'unstyled'}
                      onChange={(e) => edit(d.key, { date: e.currentTarget.value })}
                      data-field="date"
                    />
                  </Table.Td>
                  <Table.Td>
                    <Autocomplete
                      aria-label={t('maintenance.lifecycle.kind')}
                      data={kinds}
                      value={d.kind}
                      readOnly={!canEdit}
                      variant={canEdit ? 'default' : 'unstyled'}
                      onChange={(kind) => edit(d.key, { kind })}
                      data-field="kind"
                    />
                  </Table.Td>
                  <Table.Td>
                    <Textarea
                      aria-label={t('maintenance.lifecycle.text')}
                      autosize
                      minRows={1}
                      value={d.text}
                      readOnly={!canEdit}
                      variant={canEdit ? 'default' : 'unstyled'}
                      onChange={(e) => edit(d.key, { text: e.currentTarget.value })}
                      data-field="text"
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{d.id === null ? '' : (userOf.get(d.id) ?? '')}</Text>
                  </Table.Td>
                  {canEdit ? (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('maintenance.lifecycle.remove')}
                        onClick={() => edit(d.key, { deleted: true })}
                      >
                        ×
                      </ActionIcon>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/**
 * Machine life cycle (screens §2): the history of a machine's maintenance, edited in a table and
 * saved in one bulk call (create, update, delete together, or nothing); editMaintenance right.
 */
export function LifecyclePage() {
  const { t } = useTranslation();
  const { machine, id, name, missing } = useMachine();
  const canEdit = useMachineRight(machine, 'editMaintenance');
  const query = useQuery({
    queryKey: ['maintenance', 'lifecycle', machine ? pvKey(machine) : id],
    queryFn: ({ signal }) => (machine ? getMachineLifecycle(machine, signal) : Promise.resolve([])),
    enabled: machine !== null,
  });
  if (!machine || missing) return <EmptyView message={t('maintenance.unknownMachine', { id })} />;
  let content;
  if (query.isPending) content = <LoadingView />;
  else if (query.isError)
    content = (
      <ErrorView
        title={t('errors.machineLifeCycleUnavailable')}
        error={query.error}
        onRetry={query.refetch}
      />
    );
  else
    content = (
      <LifecycleTable
        key={query.dataUpdatedAt}
        machine={machine}
        entries={query.data}
        canEdit={canEdit}
        onSave={async (drafts) => {
          const reply = await saveMachineLifecycle(bulkSaveOf(machine, query.data, drafts));
          if (reply.status === 'Success') await query.refetch();
          return reply;
        }}
      />
    );
  return (
    <Stack gap="md">
      <MachineHeader machine={machine} name={name} screen="lifecycle" />
      {content}
    </Stack>
  );
}
