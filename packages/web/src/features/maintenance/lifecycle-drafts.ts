import type { LifecycleBulkSave, LifecycleEntry, PvRef } from '@leitwarte/core';

/** A row of the life-cycle table as edited: an entry of the server (id) or a new one (id null). */
export interface EntryDraft {
  key: string;
  id: number | null;
  /** The maintenance day as the date field holds it, yyyy-MM-dd in local time. */
  date: string;
  text: string;
  kind: string;
  deleted: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A time as the date field writes it (local day). */
export function dateInputOf(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Local noon of a date field's day: the entry stays on its day in every time zone offset of the plant. */
export function msOfDateInput(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const ms = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12).getTime();
  return Number.isFinite(ms) ? ms : null;
}

/** The table's rows for the entries as loaded. */
export function draftsOf(entries: readonly LifecycleEntry[]): EntryDraft[] {
  return entries.map((e) => ({
    key: `id-${e.id}`,
    id: e.id,
    date: dateInputOf(e.maintenanceTimestamp),
    text: e.text,
    kind: e.kind,
    deleted: false,
  }));
}

/**
 * The one bulk call of calls §3 for the edited table: new rows to create, changed rows to update
 * (an unchanged day keeps its time), removed entries to delete. Rows added and removed again are
 * nothing. An invalid date goes to the server as it is typed, which refuses it with its reason.
 */
export function bulkSaveOf(
  pv: PvRef,
  entries: readonly LifecycleEntry[],
  drafts: readonly EntryDraft[],
): LifecycleBulkSave {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const save: LifecycleBulkSave = { entriesToCreate: [], entriesToUpdate: [], idsToDelete: [] };
  for (const draft of drafts) {
    const original = draft.id === null ? undefined : byId.get(draft.id);
    if (draft.deleted) {
      if (original) save.idsToDelete.push(original.id);
      continue;
    }
    const sameDay = original !== undefined && dateInputOf(original.maintenanceTimestamp) === draft.date;
    const maintenanceTimestamp = sameDay
      ? original.maintenanceTimestamp
      : (msOfDateInput(draft.date) ?? draft.date);
    const fields = { pvRef: pv, maintenanceTimestamp, text: draft.text, kind: draft.kind };
    if (!original) save.entriesToCreate.push(fields);
    else if (!sameDay || original.text !== draft.text || original.kind !== draft.kind)
      save.entriesToUpdate.push({ ...fields, id: original.id });
  }
  return save;
}

/** Whether the table differs from what was loaded. */
export function hasChanges(save: LifecycleBulkSave): boolean {
  return save.entriesToCreate.length + save.entriesToUpdate.length + save.idsToDelete.length > 0;
}
