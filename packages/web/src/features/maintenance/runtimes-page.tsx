import {
  pvKey,
  SERVICE_MESSAGE_KEY_SUFFIXES,
  SERVICE_MESSAGE_TYPES,
  serviceMessageLimit,
  type MachineRuntime,
  type MaintenanceConfig,
  type PvRef,
} from '@leitwarte/core';
import { Anchor, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getMachineLifecycle } from '../../api/maintenance';
import { getRuntimes } from '../../api/pv';
import { useLocaleFormat } from '../../lib/format-locale';
import { usePvValue } from '../../live/use-pv-value';
import { RuntimeDialog } from '../../ui/pv-actions/runtime-dialog';
import { EmptyView, ErrorView, LoadingView } from '../../ui/status-views';
import { MachineHeader } from './machine-header';
import { machinePath } from './machine-paths';
import { watchMaintenanceConfigs } from './maintenance-configs';
import { UrgencyBadge } from './urgency-badge';
import { useLiveRuntimes } from './use-live-runtimes';
import { useMachine } from './use-machine';
import { useMachineRight } from './use-machine-right';
import './maintenance.css';

const configKey = (ref: PvRef, type: string) => `${pvKey(ref)}/${type}`;

/** The maintenance configs of a machine's runtimes, live over the PV channel (newMaintenanceConfig). */
function useMaintenanceConfigs(machine: PvRef | null): ReadonlyMap<string, MaintenanceConfig> {
  const [configs, setConfigs] = useState<ReadonlyMap<string, MaintenanceConfig>>(new Map());
  const key = machine ? pvKey(machine) : null;
  useEffect(() => {
    if (!machine) return undefined;
    return watchMaintenanceConfigs([machine], (list) =>
      setConfigs((current) => {
        const next = new Map(current);
        for (const c of list)
          next.set(configKey(c.pvMaintenanceRef.pvRef, c.pvMaintenanceRef.serviceMessageType), c);
        return next;
      }),
    );
    // The machine object is new on each render; its key names it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return configs;
}

/** One runtime: live value and type, and its four service-message limits with their configs. */
function RuntimeCard({
  runtime,
  configs,
}: {
  runtime: MachineRuntime;
  configs: ReadonlyMap<string, MaintenanceConfig>;
}) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const key = pvKey(runtime.runtimePv);
  const live = usePvValue(key);
  const value = live?.type === 'RuntimeValue' ? live.runtimeValue : runtime.runtimeValue;
  const unit = runtime.dimension || t('maintenance.dimension.Cycles');
  return (
    <Card withBorder padding="md" data-runtime={key}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Text fw={600}>{runtime.name}</Text>
            <Text size="xs" c="dimmed">
              {t(`maintenance.runtimeType.${value.runtimeType}`)} · {key}
            </Text>
          </div>
          <Text size="xl" fw={700} data-cell="runtime-value">
            {format.withUnit(value.value, unit, { maximumFractionDigits: 1 })}
          </Text>
        </Group>
        <Table.ScrollContainer minWidth={720}>
          <Table aria-label={t('maintenance.runtimes.limitsOf', { name: runtime.name })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('maintenance.runtimes.limit')}</Table.Th>
                <Table.Th ta="right">{t('maintenance.columns.target')}</Table.Th>
                <Table.Th ta="right">{t('maintenance.runtimes.delay')}</Table.Th>
                <Table.Th ta="right">{t('maintenance.runtimes.priority')}</Table.Th>
                <Table.Th>{t('maintenance.columns.message')}</Table.Th>
                <Table.Th>{t('maintenance.columns.state')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {SERVICE_MESSAGE_TYPES.map((type) => {
                const limit = serviceMessageLimit(value, type);
                const config = configs.get(configKey(runtime.runtimePv, type));
                return (
                  <Table.Tr key={type} data-limit={SERVICE_MESSAGE_KEY_SUFFIXES[type]}>
                    <Table.Td>
                      {t(`maintenance.limitKind.${type}`)}{' '}
                      <Text span size="xs" c="dimmed">
                        ({SERVICE_MESSAGE_KEY_SUFFIXES[type]})
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      {limit > 0 ? format.number(limit) : t('maintenance.runtimes.notSet')}
                    </Table.Td>
                    <Table.Td ta="right">{config ? format.integer(config.delayTime) : '–'}</Table.Td>
                    <Table.Td ta="right">{config ? config.priority : '–'}</Table.Td>
                    <Table.Td>
                      {config ? (
                        <>
                          <Text size="sm">{config.message}</Text>
                          <Text size="xs" c="dimmed">
                            {config.description}
                          </Text>
                        </>
                      ) : (
                        '–'
                      )}
                    </Table.Td>
                    <Table.Td>
                      {limit > 0 ? <UrgencyBadge target={limit} remaining={limit - value.value} /> : null}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  );
}

/** The newest life-cycle entries beside the runtimes, with the way to the whole life cycle. */
function LifecycleAside({ machine }: { machine: PvRef }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const query = useQuery({
    queryKey: ['maintenance', 'lifecycle', pvKey(machine)],
    queryFn: ({ signal }) => getMachineLifecycle(machine, signal),
  });
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{t('maintenance.screens.lifecycle')}</Text>
          <Anchor component={Link} to={machinePath('lifecycle', machine)} size="sm">
            {t('maintenance.runtimes.openLifecycle')}
          </Anchor>
        </Group>
        {query.isPending ? <LoadingView /> : null}
        {query.isError ? <Text c="red">{t('errors.machineLifeCycleUnavailable')}</Text> : null}
        {query.data?.length === 0 ? <Text c="dimmed">{t('maintenance.lifecycle.empty')}</Text> : null}
        {query.data?.slice(0, 8).map((entry) => (
          <div key={entry.id}>
            <Text size="xs" c="dimmed">
              {format.date(entry.maintenanceTimestamp)} · {entry.kind}
            </Text>
            <Text size="sm">{entry.text}</Text>
          </div>
        ))}
      </Stack>
    </Card>
  );
}

/**
 * Runtimes and life cycle (screens §2): the runtimes of a machine with their values and the four
 * service-message limits, the runtime edit of "Operating the plant", and the life cycle beside them.
 */
export function RuntimesPage() {
  const { t } = useTranslation();
  const { machine, id, name, missing } = useMachine();
  const canEdit = useMachineRight(machine, 'editMaintenance');
  const [editing, setEditing] = useState(false);
  const query = useQuery({
    queryKey: ['pv', 'runtimes', 'page', id],
    queryFn: ({ signal }) => getRuntimes(machine ? [machine] : [], signal),
    enabled: machine !== null,
  });
  const configs = useMaintenanceConfigs(machine);
  const runtimes = useMemo(() => query.data?.runtimeValues ?? [], [query.data]);
  const refs = useMemo(() => runtimes.map((r) => r.runtimePv), [runtimes]);
  const { refetch } = query;
  useLiveRuntimes(refs, () => void refetch());

  if (!machine || missing) return <EmptyView message={t('maintenance.unknownMachine', { id })} />;
  let content;
  if (query.isPending) content = <LoadingView />;
  else if (query.isError)
    content = (
      <ErrorView
        title={t('dialogs.runtimesNotLoaded.title', { type: machine.type, nr: machine.nr })}
        error={query.error}
        onRetry={refetch}
      />
    );
  else if (runtimes.length === 0) content = <EmptyView message={t('maintenance.runtimes.none')} />;
  else
    content = (
      <Stack gap="md">
        {runtimes.map((runtime) => (
          <RuntimeCard key={pvKey(runtime.runtimePv)} runtime={runtime} configs={configs} />
        ))}
      </Stack>
    );
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <MachineHeader machine={machine} name={name} screen="runtimes" />
        {canEdit && runtimes.length > 0 ? (
          <Button onClick={() => setEditing(true)}>{t('maintenance.runtimes.edit')}</Button>
        ) : null}
      </Group>
      <div className="maintenance-columns">
        {content}
        <LifecycleAside machine={machine} />
      </div>
      <RuntimeDialog
        machine={machine}
        opened={editing}
        onClose={() => setEditing(false)}
        onSaved={() => void refetch()}
      />
    </Stack>
  );
}
