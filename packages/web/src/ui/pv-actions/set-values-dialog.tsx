import { SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { pvKey, type PvConfig, type PvRef, type PvValueWrite } from '@leitwarte/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setPvValues } from '../../api/pv';
import { pvHub } from '../../live/pv-hub';
import { pvValueStore } from '../../live/pv-value-store';
import { useLocaleFormat } from '../../lib/format-locale';
import { PvValueCell } from '../pv/pv-value-cell';
import {
  checkEntry,
  initialEntry,
  SETTABLE_TYPES,
  timeOfDayText,
  type DomainViolation,
  type ValueEntry,
} from './checks';
import { ActionButtons, ActionModal, ConfirmStep, ProblemList, pvLabel, type Failure } from './parts';
import { usePvConfigs } from './use-pv-configs';
import './set-values.css';

/** Keeps the dialog's PVs subscribed, so the current values are there and stay current. */
export function useLiveValues(refs: readonly PvRef[]): void {
  const signature = refs.map(pvKey).join(',');
  useEffect(() => {
    const release = pvHub.acquire();
    const list = [...refs];
    pvHub.subscribe(list).catch(() => {});
    return () => {
      pvHub.unsubscribe(list);
      release();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature]);
}

function EntryInput({
  config,
  entry,
  onChange,
}: {
  config: PvConfig;
  entry: ValueEntry;
  onChange: (entry: ValueEntry) => void;
}) {
  const { t } = useTranslation();
  const label = t('operate.setValues.newValue', { pv: config.name });
  if (entry.kind === 'digital') {
    const texts = config.digiDisplayConfig;
    return (
      <SegmentedControl
        size="xs"
        aria-label={label}
        value={String(entry.mode)}
        onChange={(mode) => onChange({ kind: 'digital', mode: Number(mode) as 0 | 1 | 2 })}
        data={[
          { value: '1', label: texts?.stateActiveText ?? t('operate.setValues.set') },
          { value: '0', label: texts?.stateInactiveText ?? t('operate.setValues.reset') },
          { value: '2', label: t('operate.setValues.invert') },
        ]}
      />
    );
  }
  return (
    <TextInput
      size="xs"
      aria-label={label}
      placeholder={entry.kind === 'timeOfDay' ? 'HH:MM' : undefined}
      rightSection={
        entry.kind === 'number' && config.dimension ? <Text size="xs">{config.dimension}</Text> : null
      }
      rightSectionWidth={48}
      value={entry.text}
      onChange={(event) => onChange({ ...entry, text: event.currentTarget.value })}
      inputMode={entry.kind === 'number' ? 'decimal' : 'text'}
    />
  );
}

/**
 * Set values (screens §4/§5): the current values are loaded first and missing PVs reported; the
 * entries are checked against the domain (times of day as hour*256+minutes); after a confirmation
 * the values are written, all or none; a failure names the error and the refused PVs.
 */
export function SetValuesDialog({
  pvs,
  defaultValue,
  onClose,
}: {
  pvs: PvRef[];
  defaultValue?: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { number } = useLocaleFormat();
  const settable = useMemo(
    () => pvs.filter((ref) => (SETTABLE_TYPES as readonly string[]).includes(ref.type)),
    [pvs],
  );
  useLiveValues(settable);
  const { configs, missing, done } = usePvConfigs(settable);
  // Only what the operator changed; the rest starts from the current value (or the caller's default).
  const [edits, setEdits] = useState<Map<string, ValueEntry>>(new Map());
  const [problems, setProblems] = useState<string[]>([]);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [pending, setPending] = useState<PvValueWrite[] | null>(null);
  const [busy, setBusy] = useState(false);

  const loadFailure: Failure | null =
    done && missing.length > 0
      ? {
          title: t('dialogs.pvNotLoaded.title'),
          text: missing.map((ref) => t('dialogs.pvNotLoaded.text', { type: ref.type, nr: ref.nr })).join(' '),
        }
      : null;
  const entryOf = (key: string, config: PvConfig): ValueEntry =>
    edits.get(key) ?? initialEntry(config, pvValueStore.get(key), defaultValue);

  const rangeText = (v: DomainViolation) => {
    const show = (n: number) => (v.pv.valueType === 'TimeOfDayValue' ? timeOfDayText(n) : number(n));
    if (v.min !== null && v.max !== null)
      return t('validation.validRange', { min: show(v.min), max: show(v.max) });
    if (v.min !== null) return t('dialogs.valuesOutsideLimits.minOnly', { min: show(v.min) });
    return t('dialogs.valuesOutsideLimits.maxOnly', { max: show(v.max ?? 0) });
  };

  const submit = () => {
    const writes: PvValueWrite[] = [];
    const found: string[] = [];
    const violations: DomainViolation[] = [];
    for (const [key, config] of configs) {
      const entry = entryOf(key, config);
      const result = checkEntry(config, entry, pvValueStore.get(key));
      if (!result.ok) {
        const text =
          result.problem.kind === 'invalidDate'
            ? t('validation.invalidDate')
            : result.problem.kind === 'invalidNumber'
              ? t('validation.enterNumber')
              : t('operate.setValues.noCurrentValue');
        found.push(`${config.name}: ${text}`);
      } else {
        writes.push(result.write);
        if (result.violation) violations.push(result.violation);
      }
    }
    setProblems(found);
    if (found.length > 0) return;
    if (violations.length > 0) {
      setFailure({
        title: t('dialogs.valuesOutsideLimits.title'),
        text: violations
          .map((v) =>
            t('dialogs.valuesOutsideLimits.text', { value: v.value, pv: v.pv.name, range: rangeText(v) }),
          )
          .join(' '),
      });
      return;
    }
    setPending(writes);
  };

  const write = async (writes: PvValueWrite[]) => {
    setBusy(true);
    const reply = await setPvValues(writes);
    setBusy(false);
    if (reply.status === 'Success' && reply.missingPvs.length === 0) {
      onClose();
      return;
    }
    setFailure({
      title: t('dialogs.valuesNotSaved.title'),
      errorMessage: reply.errorMessage ?? reply.status,
      lists: [
        {
          label: t('dialogs.lists.unauthorizedPvs'),
          items: reply.unauthorizedPvs.map((r) => pvLabel(r, configs)),
        },
        { label: t('dialogs.lists.missingPvs'), items: reply.missingPvs.map((r) => pvLabel(r, configs)) },
      ],
    });
  };

  const title = t('operate.setValues.title');
  if (pending) {
    return (
      <ActionModal title={title} failure={failure} onClose={onClose}>
        <ConfirmStep
          question={t('operate.setValues.confirm')}
          items={pending.map((w) => pvLabel(w.pvRef, configs))}
          confirmLabel={t('operate.setValues.submit')}
          busy={busy}
          onCancel={() => setPending(null)}
          onConfirm={() => void write(pending)}
        />
      </ActionModal>
    );
  }
  return (
    <ActionModal title={title} failure={failure ?? loadFailure} onClose={onClose} size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          {!done ? <Text size="sm">{t('operate.loading')}</Text> : null}
          {settable.length < pvs.length ? <Text size="sm">{t('operate.setValues.onlyOutputs')}</Text> : null}
          {done && configs.size > 0 ? (
            <Table verticalSpacing={6} className="set-values-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('operate.columns.name')}</Table.Th>
                  <Table.Th ta="right">{t('operate.columns.current')}</Table.Th>
                  <Table.Th>{t('operate.columns.newValue')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[...configs].map(([key, config]) => {
                  const entry = entryOf(key, config);
                  return (
                    <Table.Tr key={key}>
                      <Table.Td>{config.name}</Table.Td>
                      <Table.Td ta="right">
                        <PvValueCell config={config} />
                      </Table.Td>
                      <Table.Td>
                        <EntryInput
                          config={config}
                          entry={entry}
                          onChange={(next) => setEdits((map) => new Map(map).set(key, next))}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          ) : null}
          <ProblemList problems={problems} />
          <ActionButtons
            onCancel={onClose}
            submitLabel={t('operate.next')}
            disabled={!done || configs.size === 0}
          />
        </Stack>
      </form>
    </ActionModal>
  );
}
