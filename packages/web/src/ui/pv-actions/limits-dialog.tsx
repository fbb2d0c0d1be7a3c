import { Group, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  pvKey,
  validateLimitEdit,
  type LimitConfig,
  type LimitIssue,
  type LimitType,
  type PvRef,
} from '@leitwarte/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setLimits } from '../../api/pv';
import { pvHub } from '../../live/pv-hub';
import { useLocaleFormat } from '../../lib/format-locale';
import { parseNumberText } from './checks';
import { ActionButtons, ActionModal, ConfirmStep, ProblemList, pvLabel, type Failure } from './parts';
import { DIALOG_LOAD_WAIT_MS, usePvConfigs } from './use-pv-configs';
import { usePvLimits } from './use-limits';

interface LimitForm {
  limit: string;
  priority: string;
  delayTime: string;
}

const LIMIT_LABEL_KEYS = {
  Bottom: 'operate.limits.types.bottom',
  BottomMiddle: 'operate.limits.types.bottomMiddle',
  TopMiddle: 'operate.limits.types.topMiddle',
  Top: 'operate.limits.types.top',
} as const satisfies Record<LimitType, string>;

/** Whole numbers only for priority and delay; anything else fails their range rule. */
const integerOf = (text: string) => (/^\s*-?\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** The catalogue text of a limit rule (screens §5, word for word in German). */
export function useLimitIssueText(): (issue: LimitIssue) => string {
  const { t } = useTranslation();
  const { number } = useLocaleFormat();
  const n = (v: number | undefined) => number(v ?? 0, { maximumFractionDigits: 10, useGrouping: false });
  return (issue) => {
    switch (issue.key) {
      case 'priorityRange':
        return t('validation.priorityRange');
      case 'delayTimeRange':
        return t('validation.delayRange');
      case 'belowMinimum':
        return t('validation.limitBelowDomain', { value: n(issue.params.value), min: n(issue.params[0]) });
      case 'aboveMaximum':
        return t('validation.limitAboveDomain', { value: n(issue.params.value), max: n(issue.params[0]) });
      case 'bottomAboveOthers':
        return t('validation.limitOrder.bottom');
      case 'bottomMiddleAboveTopMiddle':
        return t('validation.limitOrder.bottomMiddle');
      case 'topBelowOthers':
        return t('validation.limitOrder.top');
      default:
        return t('validation.enterNumber');
    }
  };
}

/**
 * Limit edit of an analog input (screens §5): the limits that are set, each with value, priority
 * (0–9) and delay (0–65535); the rules of §5 before the call; applied to the screen only when the
 * server answers Success; "could not load" when the limits have not come after 2 s.
 */
export function LimitsDialog({ pv, onClose }: { pv: PvRef; onClose: () => void }) {
  const { t } = useTranslation();
  const issueText = useLimitIssueText();
  const limits = usePvLimits(pv);
  const { configs, done } = usePvConfigs([pv]);
  const config = configs.get(pvKey(pv));
  const [edits, setEdits] = useState<Map<LimitType, Partial<LimitForm>>>(new Map());
  const [problems, setProblems] = useState<string[]>([]);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [pending, setPending] = useState<LimitConfig[] | null>(null);
  const [busy, setBusy] = useState(false);

  // The limits that are set (notSet ones are left out of the form), with the operator's edits.
  const form = limits
    ? new Map(
        limits
          .filter((limit) => !limit.notSet)
          .map((limit): [LimitType, LimitForm] => {
            const type = limit.pvLimitRef.limitType;
            return [
              type,
              {
                limit: String(limit.limit).replace('.', ','),
                priority: String(limit.priority),
                delayTime: String(limit.delayTime),
                ...edits.get(type),
              },
            ];
          }),
      )
    : null;

  useEffect(() => {
    if (limits && (config || done)) return undefined;
    const timer = setTimeout(() => {
      setFailure({
        title: t('dialogs.pvNotLoaded.title'),
        text: t('dialogs.pvNotLoaded.text', { type: pv.type, nr: pv.nr }),
      });
    }, DIALOG_LOAD_WAIT_MS);
    return () => clearTimeout(timer);
  }, [limits, config, done, pv, t]);

  const submit = () => {
    if (!limits || !form) return;
    const edited: LimitConfig[] = limits.map((limit) => {
      const entry = form.get(limit.pvLimitRef.limitType);
      if (!entry) return limit;
      return {
        ...limit,
        limit: parseNumberText(entry.limit) ?? Number.NaN,
        priority: integerOf(entry.priority),
        delayTime: integerOf(entry.delayTime),
      };
    });
    const issues = validateLimitEdit(
      edited.map((l) => ({
        limitType: l.pvLimitRef.limitType,
        limit: l.limit,
        priority: l.priority,
        delayTime: l.delayTime,
        notSet: l.notSet,
      })),
      config?.domainConfig ?? null,
    );
    const texts = [...new Set(issues.map(issueText))];
    setProblems(texts);
    if (texts.length === 0) setPending(edited);
  };

  const write = async (edited: LimitConfig[]) => {
    setBusy(true);
    const reply = await setLimits(edited);
    setBusy(false);
    if (reply.status === 'Success' && reply.missingPvs.length === 0) {
      // Only now does the screen show the new limits (screens §4).
      pvHub.limits.enqueue(edited);
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

  const title = t('operate.limits.title', { pv: config?.name ?? `${pv.type} ${pv.nr}` });
  if (pending) {
    return (
      <ActionModal title={title} failure={failure} onClose={onClose}>
        <ConfirmStep
          question={t('operate.limits.confirm')}
          confirmLabel={t('operate.limits.submit')}
          busy={busy}
          onCancel={() => setPending(null)}
          onConfirm={() => void write(pending)}
        />
      </ActionModal>
    );
  }
  const domain = config?.domainConfig;
  return (
    <ActionModal title={title} failure={failure} onClose={onClose} size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          {!form ? <Text size="sm">{t('operate.loading')}</Text> : null}
          {domain ? (
            <Text size="sm" c="dimmed">
              {t('operate.limits.domain', {
                min: domain.min ?? '–',
                max: domain.max ?? '–',
                unit: config?.dimension ?? '',
              })}
            </Text>
          ) : null}
          {form && form.size === 0 ? <Text size="sm">{t('operate.limits.noneSet')}</Text> : null}
          {form && form.size > 0 ? (
            <Table verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('operate.limits.limit')}</Table.Th>
                  <Table.Th>{t('operate.limits.value')}</Table.Th>
                  <Table.Th>{t('operate.limits.priority')}</Table.Th>
                  <Table.Th>{t('operate.limits.delay')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[...form].map(([type, entry]) => {
                  const change = (part: Partial<LimitForm>) =>
                    setEdits((map) => new Map(map).set(type, { ...map.get(type), ...part }));
                  const label = t(LIMIT_LABEL_KEYS[type]);
                  return (
                    <Table.Tr key={type} data-limit={type}>
                      <Table.Td>{label}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <TextInput
                            size="xs"
                            inputMode="decimal"
                            aria-label={`${label}: ${t('operate.limits.value')}`}
                            value={entry.limit}
                            onChange={(e) => change({ limit: e.currentTarget.value })}
                          />
                          <Text size="xs">{config?.dimension}</Text>
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          size="xs"
                          w={70}
                          inputMode="numeric"
                          aria-label={`${label}: ${t('operate.limits.priority')}`}
                          value={entry.priority}
                          onChange={(e) => change({ priority: e.currentTarget.value })}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          size="xs"
                          w={100}
                          inputMode="numeric"
                          aria-label={`${label}: ${t('operate.limits.delay')}`}
                          value={entry.delayTime}
                          onChange={(e) => change({ delayTime: e.currentTarget.value })}
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
            disabled={!form || form.size === 0}
          />
        </Stack>
      </form>
    </ActionModal>
  );
}
