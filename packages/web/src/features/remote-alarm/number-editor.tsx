import { ALARM_CHANNELS, type AlarmCategory, type AlarmCallNumber, type AlarmChannel } from '@leitwarte/core';
import { Alert, Button, Group, Paper, Select, Stack, Switch, Table, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveCallNumbers } from '../../api/remote-alert';
import { changedInputs, draftOf, draftProblems, type NumberDraft } from './number-drafts';
import { channelText } from './plan-texts';

let newKeys = 0;

/**
 * The plant's call numbers, edited in place: name, channel, address (checked as typed with the
 * server's rules), category, active; new ones added at the end. Saved all or nothing.
 */
export function NumberEditor({
  numbers,
  categories,
  channels,
  country,
  canEdit,
  onSaved,
}: {
  numbers: readonly AlarmCallNumber[];
  categories: readonly AlarmCategory[];
  channels: readonly AlarmChannel[];
  country: string;
  canEdit: boolean;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [drafts, setDrafts] = useState<NumberDraft[]>(() => numbers.map(draftOf));
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const stored = useMemo(() => new Map(numbers.map((n) => [n.id, n])), [numbers]);
  const problems = drafts.map((d) => draftProblems(d, country));
  const changes = changedInputs(drafts, stored);
  const valid = problems.every((p) => !p.name && !p.number);
  const update = (key: string, change: Partial<NumberDraft>) =>
    setDrafts((now) => now.map((d) => (d.key === key ? { ...d, ...change } : d)));
  const channelOptions = ALARM_CHANNELS.map((c) => ({
    value: c,
    label: channels.includes(c)
      ? channelText(c, t)
      : `${channelText(c, t)} (${t('remoteAlarm.numbers.channelNotSetUp')})`,
  }));
  const categoryOptions = categories.map((c) => ({ value: String(c.id), label: c.name }));

  /** The inputs of one number; labelled on a phone, where they stand one under the other. */
  const fieldsOf = (d: NumberDraft, problem: ReturnType<typeof draftProblems>, labelled: boolean) => [
    <TextInput
      key="name"
      size="xs"
      value={d.name}
      disabled={!canEdit}
      label={labelled ? t('remoteAlarm.numbers.name') : undefined}
      aria-label={t('remoteAlarm.numbers.name')}
      error={problem.name ? t(problem.name) : undefined}
      onChange={(e) => update(d.key, { name: e.currentTarget.value })}
    />,
    <Select
      key="channel"
      size="xs"
      data={channelOptions}
      value={d.channel}
      disabled={!canEdit}
      allowDeselect={false}
      label={labelled ? t('remoteAlarm.numbers.channel') : undefined}
      aria-label={t('remoteAlarm.numbers.channel')}
      onChange={(value) => value && update(d.key, { channel: value as AlarmChannel })}
    />,
    <TextInput
      key="number"
      size="xs"
      value={d.number}
      disabled={!canEdit}
      label={labelled ? t('remoteAlarm.numbers.address') : undefined}
      aria-label={t('remoteAlarm.numbers.address')}
      error={problem.number ? t(problem.number, { country }) : undefined}
      onChange={(e) => update(d.key, { number: e.currentTarget.value })}
    />,
    <Select
      key="category"
      size="xs"
      data={categoryOptions}
      value={d.categoryId === null ? null : String(d.categoryId)}
      clearable
      disabled={!canEdit}
      label={labelled ? t('remoteAlarm.numbers.category') : undefined}
      aria-label={t('remoteAlarm.numbers.category')}
      onChange={(value) => update(d.key, { categoryId: value === null ? null : Number(value) })}
    />,
    <Switch
      key="active"
      checked={d.active}
      disabled={!canEdit}
      label={labelled ? t('remoteAlarm.active') : undefined}
      aria-label={t('remoteAlarm.activation.switchNumber', { name: d.name })}
      onChange={(e) => update(d.key, { active: e.currentTarget.checked })}
    />,
  ];

  const save = async () => {
    setBusy(true);
    const reply = await saveCallNumbers(changes);
    setBusy(false);
    if (reply.status !== 'Success') {
      setError(reply.errorMessage ?? t('errors.unknown'));
      return;
    }
    setError(null);
    setDrafts(reply.callNumbers.map(draftOf));
    await onSaved();
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4">
          {t('remoteAlarm.numbers.all')}
        </Title>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            disabled={!canEdit}
            onClick={() =>
              setDrafts((now) => [
                ...now,
                {
                  key: `new${++newKeys}`,
                  name: '',
                  number: '',
                  channel: 'voice',
                  categoryId: null,
                  active: true,
                },
              ])
            }
          >
            {t('remoteAlarm.edit.add')}
          </Button>
          <Button
            size="xs"
            disabled={!canEdit || changes.length === 0 || !valid}
            loading={busy}
            onClick={() => void save()}
          >
            {t('remoteAlarm.edit.saveNumbers', { count: changes.length })}
          </Button>
        </Group>
      </Group>
      {error ? (
        <Alert color="red" mb="sm" role="alert" title={t('errors.saveFailed')}>
          {error}
        </Alert>
      ) : null}
      {narrow ? (
        <Stack gap="sm">
          {drafts.map((d, i) => (
            <Paper key={d.key} withBorder p="sm" radius="md" data-number-row={d.id ?? 'new'}>
              <Stack gap="xs">{fieldsOf(d, problems[i] ?? {}, true)}</Stack>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={980}>
          <Table verticalSpacing={4} aria-label={t('remoteAlarm.numbers.all')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('remoteAlarm.numbers.name')}</Table.Th>
                <Table.Th w={250}>{t('remoteAlarm.numbers.channel')}</Table.Th>
                <Table.Th>{t('remoteAlarm.numbers.address')}</Table.Th>
                <Table.Th w={230}>{t('remoteAlarm.numbers.category')}</Table.Th>
                <Table.Th w={80}>{t('remoteAlarm.active')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {drafts.map((d, i) => (
                <Table.Tr key={d.key} data-number-row={d.id ?? 'new'}>
                  {fieldsOf(d, problems[i] ?? {}, false).map((field, k) => (
                    <Table.Td key={k}>{field}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
