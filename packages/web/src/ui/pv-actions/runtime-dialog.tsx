import {
  DIALOG_LOAD_FAILURE_WAIT_MS,
  pvKey,
  runtimeLimitsOrdered,
  type MachineRuntime,
  type PvRef,
  type SetRuntimesReply,
} from '@leitwarte/core';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ParseKeys } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getRuntimes, setRuntimes } from '../../api/pv';
import { LoadingView } from '../status-views';
import { runtimeInputErrorKey, runtimeMessageKey } from './runtime-input-text';

const FIELDS = ['value', 'lower', 'lowerMid', 'upperMid', 'upper'] as const;
type Field = (typeof FIELDS)[number];
type Draft = Record<Field, string>;

/** Labels of the fields; the limits are the four service-message targets (screens §9 suffixes). */
const LABELS: Record<Field, ParseKeys> = {
  value: 'runtimeEdit.value',
  lower: 'runtimeEdit.lower',
  lowerMid: 'runtimeEdit.lowerMid',
  upperMid: 'runtimeEdit.upperMid',
  upper: 'runtimeEdit.upper',
};

const draftOf = (runtime: MachineRuntime): Draft =>
  Object.fromEntries(FIELDS.map((f) => [f, String(runtime.runtimeValue[f])])) as Draft;

const number = (text: string) => Number(text.trim().replace(',', '.'));

/** Per field the catalogue key of what is wrong, plus the order of the limits. */
function problemsOf(draft: Draft): { fields: Partial<Record<Field, ParseKeys>>; order: boolean } {
  const fields: Partial<Record<Field, ParseKeys>> = {};
  for (const field of FIELDS) {
    const key = runtimeInputErrorKey(draft[field]);
    if (key) fields[field] = key;
  }
  const ordered =
    Object.keys(fields).length > 0 ||
    runtimeLimitsOrdered(
      number(draft.lower),
      number(draft.lowerMid),
      number(draft.upperMid),
      number(draft.upper),
    );
  return { fields, order: !ordered };
}

function FailureAlert({ reply }: { reply: SetRuntimesReply }) {
  const { t } = useTranslation();
  const messageKey = runtimeMessageKey(reply.errorMessage);
  const list = (refs: readonly PvRef[]) => refs.map(pvKey).join(', ');
  return (
    <Alert color="red" role="alert" title={t('dialogs.runtimesNotSet.title')}>
      <Stack gap={4}>
        {reply.errorMessage ? (
          <Text size="sm">
            {t('dialogs.lists.errorMessage', { message: messageKey ? t(messageKey) : reply.errorMessage })}
          </Text>
        ) : null}
        {reply.missingPvs.length > 0 ? (
          <Text size="sm">
            {t('dialogs.lists.missingPvs')} {list(reply.missingPvs)}
          </Text>
        ) : null}
        {reply.unauthorizedPvs.length > 0 ? (
          <Text size="sm">
            {t('dialogs.lists.unauthorizedPvs')} {list(reply.unauthorizedPvs)}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}

function RuntimeForm({
  runtimes,
  readOnly,
  onCancel,
  onSaved,
}: {
  runtimes: readonly MachineRuntime[];
  readOnly: boolean;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [drafts, setDrafts] = useState(() => new Map(runtimes.map((r) => [pvKey(r.runtimePv), draftOf(r)])));
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<SetRuntimesReply | null>(null);
  const problems = new Map([...drafts].map(([key, draft]) => [key, problemsOf(draft)]));
  const valid = [...problems.values()].every((p) => Object.keys(p.fields).length === 0 && !p.order);

  const change = (key: string, field: Field, text: string) =>
    setDrafts((current) => {
      const next = new Map(current);
      const draft = next.get(key);
      if (draft) next.set(key, { ...draft, [field]: text });
      return next;
    });

  const save = async () => {
    setChecked(true);
    setFailure(null);
    if (!valid) return;
    setSaving(true);
    const reply = await setRuntimes(
      runtimes.map((r) => {
        const draft = drafts.get(pvKey(r.runtimePv)) as Draft;
        return {
          pvRef: r.runtimePv,
          value: number(draft.value),
          lower: number(draft.lower),
          lowerMid: number(draft.lowerMid),
          upperMid: number(draft.upperMid),
          upper: number(draft.upper),
        };
      }),
    );
    setSaving(false);
    // A reply naming missing PVs is a failure even with status Success (screens §8).
    if (reply.status === 'Success' && reply.missingPvs.length === 0) onSaved();
    else setFailure(reply);
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="md">
        {runtimes.map((runtime) => {
          const key = pvKey(runtime.runtimePv);
          const draft = drafts.get(key) as Draft;
          const problem = problems.get(key);
          return (
            <Stack key={key} gap="xs" data-runtime={key}>
              <Text fw={600}>
                {runtime.name} ({t(`runtimeEdit.type.${runtime.runtimeValue.runtimeType}`)})
              </Text>
              <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs">
                {FIELDS.map((field) => {
                  const error = checked ? problem?.fields[field] : undefined;
                  return (
                    <TextInput
                      key={field}
                      label={t(LABELS[field])}
                      value={draft[field]}
                      inputMode="decimal"
                      readOnly={readOnly}
                      rightSection={field === 'value' ? <Text size="xs">{runtime.dimension}</Text> : null}
                      error={error ? t(error) : undefined}
                      onChange={(event) => change(key, field, event.currentTarget.value)}
                      data-field={field}
                    />
                  );
                })}
              </SimpleGrid>
              {checked && problem?.order ? (
                <Text size="sm" c="red" role="alert">
                  {t('runtimeEdit.limitOrder')}
                </Text>
              ) : null}
            </Stack>
          );
        })}
        {failure ? <FailureAlert reply={failure} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('runtimeEdit.cancel')}
          </Button>
          {readOnly ? null : (
            <Button type="submit" loading={saving}>
              {t('runtimeEdit.save')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Runtime edit (screens §5, "Operating the plant"): the runtimes of a machine (DigiIn or AnaIn)
 * with their value and the four service-message limits, checked as typed (not empty, not
 * negative, limits ascending) and written in one call, all or none. When the runtimes are still
 * absent after 2 s the dialog says they could not be loaded (screens §4).
 */
export function RuntimeDialog({
  machine,
  opened,
  readOnly = false,
  onClose,
  onSaved,
}: {
  machine: PvRef;
  opened: boolean;
  /** Shows the values without saving (the user lacks the right to change them). */
  readOnly?: boolean;
  onClose: () => void;
  onSaved?: () => void;
}) {
  const { t } = useTranslation();
  const key = pvKey(machine);
  const query = useQuery({
    queryKey: ['pv', 'runtimes', key],
    queryFn: ({ signal }) => getRuntimes([machine], signal),
    enabled: opened,
    staleTime: 0,
    gcTime: 0,
  });
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (!opened) return undefined;
    const timer = setTimeout(() => setWaited(true), DIALOG_LOAD_FAILURE_WAIT_MS);
    return () => {
      clearTimeout(timer);
      setWaited(false);
    };
  }, [opened]);

  const runtimes = query.data?.runtimeValues ?? [];
  const failed = query.isError || (query.isSuccess && runtimes.length === 0);
  let body;
  if (query.isSuccess && runtimes.length > 0)
    body = (
      <RuntimeForm
        key={query.dataUpdatedAt}
        runtimes={runtimes}
        readOnly={readOnly}
        onCancel={onClose}
        onSaved={() => {
          onSaved?.();
          onClose();
        }}
      />
    );
  else if (failed || waited)
    body = (
      <Alert
        color="red"
        role="alert"
        title={t('dialogs.runtimesNotLoaded.title', { type: machine.type, nr: machine.nr })}
      >
        <Group justify="flex-end">
          <Button variant="white" color="red" onClick={onClose}>
            {t('dialogs.ok')}
          </Button>
        </Group>
      </Alert>
    );
  else body = <LoadingView />;

  return (
    <Modal opened={opened} onClose={onClose} size="lg" title={t('runtimeEdit.title', { machine: key })}>
      {body}
    </Modal>
  );
}
