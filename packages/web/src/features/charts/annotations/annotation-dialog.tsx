import {
  changeDraft,
  parsePvKey,
  pvKey,
  savedDraft,
  type Annotation,
  type AnnotationDraft,
  type AnnotationFields,
} from '@leitwarte/core';
import { Badge, Button, Checkbox, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnnotationCharts } from './annotation-charts';
import { DateTimeField } from '../../../ui/date-time-field';
import { ConfirmDialog, FailureDialog, type ConfirmRequest } from './message-dialogs';
import type { PvOption } from './plant-pvs';
import { useAnnotationWrites, type AnnotationWrites } from './use-annotations';

export interface AnnotationDialogProps {
  opened: boolean;
  /** The annotation to edit: a new one (id null) or a saved one (savedDraft). */
  draft: AnnotationDraft | null;
  /** The PVs the annotation may be put on; its own PV is offered even when missing here. */
  pvOptions: readonly PvOption[];
  /** The user holds editAnnotations; without it everything is shown read only. */
  canEdit: boolean;
  onClose: () => void;
  /** Saved (created, changed, hidden or shown): the annotation as the server keeps it. */
  onSaved?: (annotation: Annotation) => void;
  onDeleted?: (id: number) => void;
  /** The writes of the screen, so the screen's busy state covers the dialog too. */
  writes?: AnnotationWrites;
}

type ReportFlag = 'showInDayReport' | 'showInWeekReport' | 'showInMonthReport' | 'showInYearReport';
const REPORT_FLAGS: readonly ReportFlag[] = [
  'showInDayReport',
  'showInWeekReport',
  'showInMonthReport',
  'showInYearReport',
];

// Every draft handed in starts a fresh form, also when it describes the same annotation again.
const draftKeys = new WeakMap<AnnotationDraft, number>();
let lastDraftKey = 0;
function keyOfDraft(draft: AnnotationDraft): number {
  let key = draftKeys.get(draft);
  if (key === undefined) {
    key = ++lastDraftKey;
    draftKeys.set(draft, key);
  }
  return key;
}

/** Create, edit, hide, show and delete one annotation (screens §3 "Annotation", §4, §5). */
export function AnnotationDialog(props: AnnotationDialogProps) {
  const { t } = useTranslation();
  const own = useAnnotationWrites();
  const writes = props.writes ?? own;
  const formKey = props.draft ? keyOfDraft(props.draft) : 0;
  const title =
    props.draft?.id == null
      ? t('charts.annotations.dialog.newTitle')
      : t('charts.annotations.dialog.editTitle');

  return (
    <>
      <Modal
        opened={props.opened && props.draft !== null}
        onClose={props.onClose}
        title={title}
        size="lg"
        centered
      >
        {props.draft ? <AnnotationForm key={formKey} {...props} draft={props.draft} writes={writes} /> : null}
      </Modal>
      {/* Writes handed in belong to the screen, which shows their failures itself. */}
      {props.writes ? null : <FailureDialog failure={own.failure} onClose={own.clearFailure} />}
    </>
  );
}

function AnnotationForm({
  draft: initial,
  pvOptions,
  canEdit,
  onClose,
  onSaved,
  onDeleted,
  writes,
}: AnnotationDialogProps & { draft: AnnotationDraft; writes: AnnotationWrites }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [textTouched, setTextTouched] = useState(false);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const locked = !canEdit || writes.busy;
  const fields = draft.fields;
  const timeValid = Number.isFinite(fields.timestamp);
  const textEmpty = fields.text.trim() === '';
  const key = pvKey(fields.pv);
  const options = useMemo(
    () => (pvOptions.some((o) => o.value === key) ? pvOptions : [{ value: key, label: key }, ...pvOptions]),
    [pvOptions, key],
  );

  const change = (patch: Partial<AnnotationFields>) => setDraft((current) => changeDraft(current, patch));
  const afterSave = (annotation: Annotation | undefined) => {
    if (!annotation) return false;
    setDraft(savedDraft(annotation));
    onSaved?.(annotation);
    return true;
  };
  const save = async () => {
    setTextTouched(true);
    if (textEmpty || !timeValid) return;
    if (afterSave(await writes.save(draft))) onClose();
  };
  const toggleVisible = async () => {
    afterSave(await writes.save(changeDraft(draft, { visible: !fields.visible })));
  };
  const askDelete = () => {
    const id = draft.id;
    if (id === null) return;
    setConfirm({
      title: t('charts.annotations.delete.confirmTitle'),
      message: t('charts.annotations.delete.confirmOne', { text: fields.text }),
      confirmLabel: t('charts.annotations.delete.action'),
      onConfirm: () =>
        void writes.remove([id]).then((deleted) => {
          if (!deleted) return;
          onDeleted?.(id);
          onClose();
        }),
    });
  };

  return (
    <Stack gap="sm" data-testid="annotation-dialog">
      <Group gap="xs">
        {draft.id === null ? (
          <Badge variant="light" color="gray">
            {t('charts.annotations.dialog.unsaved')}
          </Badge>
        ) : null}
        {draft.id !== null && draft.pendingSave ? (
          <Badge variant="light" color="orange">
            {t('charts.annotations.dialog.pendingSave')}
          </Badge>
        ) : null}
        {!fields.visible ? (
          <Badge variant="light" color="gray">
            {t('charts.annotations.hidden')}
          </Badge>
        ) : null}
      </Group>
      <DateTimeField
        withSeconds
        label={t('charts.annotations.fields.time')}
        value={fields.timestamp}
        disabled={locked}
        error={timeValid ? undefined : t('validation.invalidDate')}
        onChange={(ms) => {
          if (ms !== null) change({ timestamp: ms });
        }}
      />
      <Select
        label={t('charts.annotations.fields.pv')}
        data={options as PvOption[]}
        value={key}
        searchable
        allowDeselect={false}
        limit={200}
        disabled={locked}
        nothingFoundMessage={t('charts.annotations.dialog.noPv')}
        onChange={(value) => {
          const pv = value === null ? null : parsePvKey(value);
          if (pv) change({ pv });
        }}
      />
      <Textarea
        label={t('charts.annotations.fields.text')}
        required
        autosize
        minRows={3}
        maxLength={2000}
        value={fields.text}
        disabled={locked}
        error={textTouched && textEmpty ? t('validation.textEmpty') : undefined}
        onChange={(event) => change({ text: event.currentTarget.value })}
        onBlur={() => setTextTouched(true)}
      />
      <Checkbox
        label={t('charts.annotations.fields.visible')}
        checked={fields.visible}
        disabled={locked}
        onChange={(event) => change({ visible: event.currentTarget.checked })}
      />
      <Text size="sm" fw={500}>
        {t('charts.annotations.fields.reports')}
      </Text>
      <Group gap="md">
        {REPORT_FLAGS.map((flag) => (
          <Checkbox
            key={flag}
            label={t(`charts.annotations.fields.${flag}`)}
            checked={fields[flag]}
            disabled={locked}
            onChange={(event) => change({ [flag]: event.currentTarget.checked })}
          />
        ))}
      </Group>
      {draft.id !== null ? <AnnotationCharts annotationId={draft.id} /> : null}
      {!canEdit ? (
        <Text size="sm" c="dimmed">
          {t('charts.annotations.noEditRight')}
        </Text>
      ) : null}
      <Group justify="space-between" mt="sm">
        <Group gap="xs">
          {canEdit && draft.id !== null ? (
            <>
              <Button variant="default" color="red" disabled={writes.busy} onClick={askDelete}>
                {t('charts.annotations.delete.action')}
              </Button>
              <Button variant="default" disabled={writes.busy} onClick={() => void toggleVisible()}>
                {fields.visible ? t('charts.annotations.hide') : t('charts.annotations.show')}
              </Button>
            </>
          ) : null}
        </Group>
        <Group gap="xs">
          <Button variant="default" onClick={onClose}>
            {canEdit ? t('charts.annotations.cancel') : t('charts.annotations.close')}
          </Button>
          {canEdit ? (
            <Button loading={writes.busy} disabled={!draft.pendingSave} onClick={() => void save()}>
              {t('charts.annotations.save')}
            </Button>
          ) : null}
        </Group>
      </Group>
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </Stack>
  );
}
