import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { DASHBOARD_NOTE_MAX, type DashboardWidget } from '@leitwarte/core';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { updateDashboardNote } from '../../../api/dashboard';
import { errorText } from '../../../api/error-text';
import { dashboardHub } from '../../../live/dashboard-hub';

type Note = Extract<DashboardWidget, { kind: 'Note' }>;

/** The newest text of a note: the live one from the dashboard channel, else the loaded one. */
function useLiveNote(widget: Note): string {
  const subscribe = useCallback((listener: () => void) => dashboardHub.notes.subscribe(listener), []);
  const read = () => dashboardHub.notes.get(String(widget.id))?.note;
  return useSyncExternalStore(subscribe, read, read) ?? widget.note;
}

/**
 * A note on the dashboard (screens §2 "Notes on the dashboard can be edited and saved"): shown to
 * everyone, edited in place by users with editDashboards, saved with PATCH /api/dashboard/note and
 * shown live in every other browser through noteUpdate.
 */
export function NoteWidget({ widget, canEdit }: { widget: Note; canEdit: boolean }) {
  const { t } = useTranslation();
  const note = useLiveNote(widget);
  const [draft, setDraft] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (text: string) => updateDashboardNote({ id: widget.id, note: text }),
    onSuccess: (saved) => {
      dashboardHub.notes.enqueue([saved]);
      dashboardHub.notes.flush();
      setDraft(null);
    },
  });
  const failure = save.error ? errorText(save.error) : null;

  if (draft !== null) {
    return (
      <Stack gap="xs" className="note-widget">
        <Textarea
          aria-label={t('dashboard.note.label')}
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={DASHBOARD_NOTE_MAX}
          data-autofocus
          autoFocus
        />
        {failure ? (
          <Text size="sm" c="red" role="alert">
            {t('dashboard.note.saveFailed')}{' '}
            {failure.key === 'errors.http' ? t(failure.key, { status: failure.status }) : t(failure.key)}
          </Text>
        ) : null}
        <Group gap="xs">
          <Button size="xs" onClick={() => save.mutate(draft)} loading={save.isPending}>
            {t('dashboard.note.save')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setDraft(null)} disabled={save.isPending}>
            {t('dashboard.note.cancel')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="xs" className="note-widget">
      <Text size="sm" className="note-widget__text" data-testid="note-text" data-note={widget.id}>
        {note || t('dashboard.note.empty')}
      </Text>
      {canEdit ? (
        <Group>
          <Button
            size="xs"
            variant="light"
            onClick={() => {
              save.reset();
              setDraft(note);
            }}
          >
            {t('dashboard.note.edit')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
