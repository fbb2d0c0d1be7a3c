import { Stack, Table, Text, TextInput } from '@mantine/core';
import { isValidPriority, pvKey, type DigitalPriorityEntry, type PvRef } from '@leitwarte/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setDigitalPriorities } from '../../api/pv';
import { pvHub } from '../../live/pv-hub';
import { ActionButtons, ActionModal, ConfirmStep, ProblemList, pvLabel, type Failure } from './parts';
import { usePvConfigs } from './use-pv-configs';

/**
 * Priorities of digital inputs (screens §5: 0–9). Applied to the screen only when the server
 * answers Success (screens §4).
 */
export function PrioritiesDialog({ pvs, onClose }: { pvs: PvRef[]; onClose: () => void }) {
  const { t } = useTranslation();
  const inputs = pvs.filter((ref) => ref.type === 'DigiIn');
  const { configs, missing, done } = usePvConfigs(inputs);
  const [edits, setEdits] = useState<Map<string, string>>(new Map());
  const [problems, setProblems] = useState<string[]>([]);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [pending, setPending] = useState<DigitalPriorityEntry[] | null>(null);
  const [busy, setBusy] = useState(false);

  const loadFailure: Failure | null =
    done && missing.length > 0
      ? {
          title: t('dialogs.pvNotLoaded.title'),
          text: missing.map((ref) => t('dialogs.pvNotLoaded.text', { type: ref.type, nr: ref.nr })).join(' '),
        }
      : null;
  const form = new Map(
    [...configs].map(([key, c]) => [key, edits.get(key) ?? String(c.alertInputConfig?.priority ?? 0)]),
  );

  const submit = () => {
    const entries: DigitalPriorityEntry[] = [];
    let invalid = false;
    for (const [key, text] of form) {
      const config = configs.get(key);
      if (!config) continue;
      const priority = /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
      if (!isValidPriority(priority)) invalid = true;
      entries.push({ pv: { type: config.pvRef.type, nr: config.pvRef.nr }, priority });
    }
    setProblems(invalid ? [t('validation.priorityRange')] : []);
    if (!invalid) setPending(entries);
  };

  const write = async (entries: DigitalPriorityEntry[]) => {
    setBusy(true);
    const reply = await setDigitalPriorities(entries);
    setBusy(false);
    if (reply.status === 'Success' && reply.missingPvs.length === 0) {
      pvHub.configs.enqueue(
        entries.flatMap((entry) => {
          const config = configs.get(pvKey(entry.pv));
          if (!config) return [];
          const alert = config.alertInputConfig ?? { description: '', message: '', priority: 0 };
          return [{ ...config, alertInputConfig: { ...alert, priority: entry.priority } }];
        }),
      );
      onClose();
      return;
    }
    setFailure({
      title: t('dialogs.valuesNotSaved.title'),
      errorMessage: reply.errorMessage ?? reply.status,
      lists: [
        { label: t('operate.limits.refused'), items: reply.issues.map((issue) => issue.text) },
        {
          label: t('dialogs.lists.unauthorizedPvs'),
          items: reply.unauthorizedPvs.map((r) => pvLabel(r, configs)),
        },
        { label: t('dialogs.lists.missingPvs'), items: reply.missingPvs.map((r) => pvLabel(r, configs)) },
      ],
    });
  };

  const title = t('operate.priorities.title');
  if (pending) {
    return (
      <ActionModal title={title} failure={failure} onClose={onClose}>
        <ConfirmStep
          question={t('operate.priorities.confirm')}
          items={pending.map((e) => `${pvLabel(e.pv, configs)}: ${e.priority}`)}
          confirmLabel={t('operate.priorities.submit')}
          busy={busy}
          onCancel={() => setPending(null)}
          onConfirm={() => void write(pending)}
        />
      </ActionModal>
    );
  }
  return (
    <ActionModal title={title} failure={failure ?? loadFailure} onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          {!done ? <Text size="sm">{t('operate.loading')}</Text> : null}
          <Table verticalSpacing={6}>
            <Table.Tbody>
              {[...form].map(([key, text]) => {
                const name = configs.get(key)?.name ?? key;
                return (
                  <Table.Tr key={key}>
                    <Table.Td>{name}</Table.Td>
                    <Table.Td w={90}>
                      <TextInput
                        size="xs"
                        inputMode="numeric"
                        aria-label={`${name}: ${t('operate.limits.priority')}`}
                        value={text}
                        onChange={(e) => {
                          const value = e.currentTarget.value;
                          setEdits((map) => new Map(map).set(key, value));
                        }}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          <ProblemList problems={problems} />
          <ActionButtons onCancel={onClose} submitLabel={t('operate.next')} disabled={form.size === 0} />
        </Stack>
      </form>
    </ActionModal>
  );
}
