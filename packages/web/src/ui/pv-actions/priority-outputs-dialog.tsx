import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acknowledgePriorityOutputs } from '../../api/pv';
import { allStationsQuery, getPriorityOutputOptions } from '../../api/station';
import { ActionButtons, ActionModal, type Failure } from './parts';

/**
 * The stations to choose from; the station the dialog was opened for stays in the list even
 * without PV areas, so the form can say why it cannot be acknowledged.
 */
function stationChoices(
  offered: readonly { station: number; name: string }[],
  preset: number | undefined,
  all: readonly { stationNumber: number; name: string }[],
): { value: string; label: string }[] {
  const choices = offered.map((o) => ({ value: String(o.station), label: o.name }));
  if (preset !== undefined && !offered.some((o) => o.station === preset)) {
    const known = all.find((s) => s.stationNumber === preset);
    choices.unshift({ value: String(preset), label: known?.name ?? String(preset) });
  }
  return choices;
}

/**
 * Priority-output acknowledge (screens §5/§8): a station and one of its PV areas; without areas
 * the submit is disabled and says so. Success shows its info text; another status the generic
 * status dialog; a network failure 'Server-/Netzwerkfehler'.
 */
export function PriorityOutputsDialog({ stationNr, onClose }: { stationNr?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const options = useQuery({
    queryKey: ['station', 'priority-output-options'],
    queryFn: ({ signal }) => getPriorityOutputOptions(signal),
  });
  const stations = useQuery(allStationsQuery);
  const [station, setStation] = useState<string | null>(stationNr === undefined ? null : String(stationNr));
  const [group, setGroup] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const groups = options.data?.optionsForStation.find((o) => String(o.station) === station)?.pvGroups ?? [];
  const noAreas = station !== null && options.data !== undefined && groups.length === 0;
  const chosenGroup = groups.some((g) => String(g.id) === group)
    ? group
    : groups.length === 1
      ? String(groups[0]?.id)
      : null;

  const run = async () => {
    if (station === null || chosenGroup === null) return;
    setBusy(true);
    const reply = await acknowledgePriorityOutputs(Number(station), Number(chosenGroup));
    setBusy(false);
    if (reply.status === 'Success') {
      setInfo(
        reply.messageKey === 'nothingToAcknowledge'
          ? t('success.noPriorityOutputsToAcknowledge')
          : t('success.priorityOutputsAcknowledged'),
      );
      return;
    }
    setFailure({
      title: t('dialogs.status.title'),
      text: t('dialogs.status.text', { status: reply.status }),
      errorMessage: reply.errorMessage ?? reply.message,
    });
  };

  const title = t('operate.priorityOutputs.title');
  if (info) {
    return (
      <ActionModal title={title} failure={null} onClose={onClose}>
        <Stack gap="sm">
          <Text size="sm" data-testid="action-info">
            {info}
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('dialogs.ok')}</Button>
          </Group>
        </Stack>
      </ActionModal>
    );
  }
  return (
    <ActionModal title={title} failure={failure} onClose={onClose}>
      <Stack gap="sm">
        {options.isPending ? <Text size="sm">{t('operate.loading')}</Text> : null}
        {options.error ? <Text size="sm">{options.error.message}</Text> : null}
        {options.data && !options.data.hasOptions ? (
          <Text size="sm">{t('operate.priorityOutputs.noOptions')}</Text>
        ) : null}
        <Select
          label={t('operate.priorityOutputs.station')}
          data={stationChoices(options.data?.stationOptions ?? [], stationNr, stations.data ?? [])}
          value={station}
          onChange={(value) => {
            setStation(value);
            setGroup(null);
          }}
          comboboxProps={{ withinPortal: false }}
        />
        <Select
          label={t('operate.priorityOutputs.area')}
          data={groups.map((g) => ({ value: String(g.id), label: g.name }))}
          value={chosenGroup}
          onChange={setGroup}
          disabled={groups.length === 0}
          comboboxProps={{ withinPortal: false }}
        />
        {noAreas ? (
          <Text size="sm" c="orange.8" data-testid="no-pv-areas">
            {t('validation.noPvAreas')}
          </Text>
        ) : null}
        <ActionButtons
          onCancel={onClose}
          submitLabel={t('operate.priorityOutputs.submit')}
          busy={busy}
          disabled={station === null || chosenGroup === null}
          onSubmit={() => void run()}
        />
      </Stack>
    </ActionModal>
  );
}
