import { schemaIssues, type InputIssue } from '../charts/input-issues.js';
import type { InputCheck } from '../charts/chart-validation.js';
import { DashboardNotePatchSchema, type DashboardNotePatch } from './dashboard-schemas.js';

/** Message of a browser widget whose address is not a web URL (screens §5). */
export const ONLY_WEB_URLS = 'only web URLs are supported';

/**
 * Checks a note patch: a positive id and a text of at most 4000 characters. An empty note is
 * allowed (clearing the hand-over note is a normal act); line ends are normalised to \n and
 * trailing whitespace is dropped so the same text compares equal from every browser.
 */
export function checkNotePatch(input: unknown): InputCheck<DashboardNotePatch> {
  const issues = schemaIssues(DashboardNotePatchSchema, input);
  if (issues.length > 0) return { ok: false, issues };
  const patch = input as DashboardNotePatch;
  const note = patch.note.replace(/\r\n?/g, '\n').trimEnd();
  // Control characters other than tab and newline have no place in a note and break exports.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b-\u001f\u007f]/.test(note)) {
    return { ok: false, issues: [{ field: 'note', message: 'must not contain control characters' }] };
  }
  return { ok: true, value: { id: patch.id, note } };
}

/** Whether a browser widget address is a web URL (http or https); file: and others are refused. */
export function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Issue for a browser address that is no web URL, or none. */
export function browserUrlIssues(url: string): InputIssue[] {
  return isWebUrl(url) ? [] : [{ field: 'url', message: ONLY_WEB_URLS }];
}
