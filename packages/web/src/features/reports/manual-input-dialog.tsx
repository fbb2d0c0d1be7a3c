import type { ManualInputItem, ManualInputState, ReportConfigKind } from '@leitwarte/core';
import { Alert, Button, Group, Modal, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveManualInputs } from '../../api/reports';
import { useLocaleFormat } from '../../lib/format-locale';
import type { EditedCell } from './report-table';

/**
 * Manual input of one cell (calls §3 report manual input item): a value with its state
 * (enabled: it replaces the measured value; disabled: kept, the measured value shows), or a
 * reset to the measured value. A refusal shows 'manual entry could not be saved' with the reason.
 */
export function ManualInputDialog({
  edited,
  configId,
  kind,
  date,
  onClose,
  onSaved,
}: {
  edited: EditedCell;
  configId: number;
  kind: ReportConfigKind;
  date: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const { column, cell } = edited;
  const [value, setValue] = useState<string | number>(cell.value ?? '');
  const [state, setState] = useState<ManualInputState>(
    cell.manualInput === 'Disabled' ? 'Disabled' : 'Enabled',
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const decimalSeparator = format.number(1.5).includes(',') ? ',' : '.';

  async function send(item: Omit<ManualInputItem, 'pv' | 'index'>) {
    setBusy(true);
    setError(null);
    const reply = await saveManualInputs(configId, kind, date, [
      { pv: column.dataBinding.pvRef, index: edited.rowIndex, ...item },
    ]);
    setBusy(false);
    if (reply.status === 'Success') onSaved();
    else setError(reply.errorMessage);
  }

  const save = () => {
    if (state === 'Enabled' && (value === '' || typeof value !== 'number' || !Number.isFinite(value))) {
      setError(t('validation.enterNumber'));
      return;
    }
    void send({ value: typeof value === 'number' ? value : null, state, resetManualInput: false });
  };

  return (
    <Modal opened onClose={onClose} title={t('reports.manual.title')} centered>
      <Stack gap="sm">
        <Text size="sm" fw={500}>
          {t('reports.manual.where', { column: column.title, row: edited.rowLabel })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('reports.manual.current', {
            value:
              cell.value === null
                ? '–'
                : format.withUnit(cell.value, column.unit, {
                    minimumFractionDigits: column.decimals,
                    maximumFractionDigits: column.decimals,
                  }),
          })}
        </Text>
        <NumberInput
          label={t('reports.manual.value')}
          value={value}
          onChange={setValue}
          decimalSeparator={decimalSeparator}
          decimalScale={column.decimals}
          rightSection={<Text size="xs">{column.unit}</Text>}
          rightSectionWidth={56}
          data-autofocus
          onKeyDown={(e) => {
            if (e.key === 'Enter') save();
          }}
        />
        <div>
          <Text size="sm" fw={500} mb={4}>
            {t('reports.manual.state')}
          </Text>
          <SegmentedControl
            value={state}
            onChange={(v) => setState(v as ManualInputState)}
            data={(['Enabled', 'Disabled'] as const).map((s) => ({
              value: s,
              label: t(`reports.manual.states.${s}`),
            }))}
          />
        </div>
        {error !== null ? (
          <Alert color="red" variant="light" title={t('errors.manualEntryNotSaved')} role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="space-between" mt="xs">
          {cell.manualInput !== null ? (
            <Button
              variant="subtle"
              color="gray"
              disabled={busy}
              onClick={() => void send({ value: null, state: 'Removed', resetManualInput: true })}
            >
              {t('reports.manual.reset')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('reports.manual.cancel')}
            </Button>
            <Button loading={busy} onClick={save}>
              {t('reports.manual.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
