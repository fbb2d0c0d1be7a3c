import {
  DESCRIPTION_EMPTY_MESSAGE,
  documentFormRefusal,
  FILE_MISSING_MESSAGE,
  URL_MISSING_MESSAGE,
  URL_NOT_WEB_MESSAGE,
  type DocType,
  type PvRef,
} from '@leitwarte/core';
import {
  Alert,
  Button,
  FileInput,
  Group,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { ParseKeys } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadDatasheetDocument } from '../../api/maintenance';
import { useLocaleFormat } from '../../lib/format-locale';

/** Catalogue keys of the form's refusals of core (screens §5). */
const REFUSAL_KEYS: Record<string, ParseKeys> = {
  [DESCRIPTION_EMPTY_MESSAGE]: 'validation.enterDescription',
  [FILE_MISSING_MESSAGE]: 'validation.selectFile',
  [URL_MISSING_MESSAGE]: 'validation.enterUrl',
  [URL_NOT_WEB_MESSAGE]: 'validation.onlyWebUrls',
};

type Outcome = { kind: 'refused'; message: string } | { kind: 'cancelled' } | null;

/**
 * Adds a document to a machine data sheet (calls §3, §5): a link (a web URL) or a file, sent with
 * a token obtained first, with progress and a cancel button; refusals show the server's message.
 */
export function DocumentForm({ machine, onAdded }: { machine: PvRef; onAdded: () => void }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const [docType, setDocType] = useState<DocType>('File');
  const [description, setDescription] = useState('');
  const [target, setTarget] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState(false);
  const [progress, setProgress] = useState<{ loaded: number; total: number | null } | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const abort = useRef<AbortController | null>(null);

  const refusal = documentFormRefusal({ description, docType, target, fileName: file?.name });
  const refusalKey = refusal ? (REFUSAL_KEYS[refusal] ?? null) : null;
  const shownRefusal = checked && refusal ? (refusalKey ? t(refusalKey) : refusal) : null;

  const send = async () => {
    setChecked(true);
    setOutcome(null);
    if (refusal) return;
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ loaded: 0, total: file?.size ?? null });
    const result = await uploadDatasheetDocument(
      machine,
      docType === 'File'
        ? { description, docType, file: file ?? undefined }
        : { description, docType, target },
      { onProgress: setProgress, signal: controller.signal },
    );
    abort.current = null;
    setProgress(null);
    if (result.status === 'Success') {
      setDescription('');
      setTarget('');
      setFile(null);
      setChecked(false);
      onAdded();
    } else if (result.status === 'Cancelled') setOutcome({ kind: 'cancelled' });
    else setOutcome({ kind: 'refused', message: result.errorMessage });
  };

  const busy = progress !== null;
  const percent = progress?.total ? Math.min(100, (progress.loaded / progress.total) * 100) : 0;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <Stack gap="sm">
        <SegmentedControl
          value={docType}
          onChange={(value) => setDocType(value as DocType)}
          disabled={busy}
          data={[
            { value: 'File', label: t('maintenance.datasheet.file') },
            { value: 'Link', label: t('maintenance.datasheet.link') },
          ]}
        />
        <TextInput
          label={t('maintenance.datasheet.description')}
          value={description}
          disabled={busy}
          onChange={(e) => setDescription(e.currentTarget.value)}
          data-field="description"
        />
        {docType === 'File' ? (
          <FileInput
            label={t('maintenance.datasheet.file')}
            placeholder={t('maintenance.datasheet.chooseFile')}
            value={file}
            onChange={setFile}
            disabled={busy}
            clearable
            data-field="file"
          />
        ) : (
          <TextInput
            label={t('maintenance.datasheet.url')}
            placeholder="https://"
            value={target}
            disabled={busy}
            onChange={(e) => setTarget(e.currentTarget.value)}
            data-field="url"
          />
        )}
        {shownRefusal ? (
          <Text size="sm" c="red" role="alert">
            {shownRefusal}
          </Text>
        ) : null}
        {progress ? (
          <Stack gap={4} data-upload-progress={Math.round(percent)}>
            <Progress value={percent} animated aria-label={t('maintenance.datasheet.progress')} />
            <Text size="xs" c="dimmed">
              {t('maintenance.datasheet.sent', {
                loaded: format.number(progress.loaded / 1_048_576, { maximumFractionDigits: 1 }),
                total: format.number((progress.total ?? 0) / 1_048_576, { maximumFractionDigits: 1 }),
              })}
            </Text>
          </Stack>
        ) : null}
        {outcome?.kind === 'cancelled' ? (
          <Alert color="yellow" role="status">
            {t('errors.uploadCancelled')}
          </Alert>
        ) : null}
        {outcome?.kind === 'refused' ? (
          <Alert color="red" role="alert" title={t('maintenance.datasheet.refused')}>
            {outcome.message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          {busy ? (
            <Button variant="default" onClick={() => abort.current?.abort()}>
              {t('maintenance.datasheet.cancel')}
            </Button>
          ) : null}
          <Button type="submit" loading={busy}>
            {t('maintenance.datasheet.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
