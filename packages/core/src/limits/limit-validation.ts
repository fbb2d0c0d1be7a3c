import {
  isValidDelayTime,
  isValidPriority,
  LIMIT_TYPES,
  type LimitConfig,
  type LimitType,
} from './limit-types.js';

/** Texts of the limit edit rules of screens §5, word for word (German source catalogue). */
export const LIMIT_MESSAGES = {
  priorityRange: 'Prioritäten müssen zwischen 0 und 9 liegen.',
  delayTimeRange: 'Verzögerungszeiten müssen zwischen 0 und 65535 liegen.',
  belowMinimum: 'Der Wert {value} liegt unter dem Minimalwert von {0}',
  aboveMaximum: 'Der Wert {value} liegt über dem Maximalwert von {0}',
  bottomAboveOthers: 'Der untere Grenzwert darf nicht über anderen Grenzwerten liegen.',
  bottomMiddleAboveTopMiddle:
    'Der untere mittlere Grenzwert darf nicht über dem oberem mittlerem Grenzwert liegen',
  topBelowOthers: 'Der ober Grenzwert darf nicht unter anderen Grenzwerten liegen.',
  // The spec gives no wording for a missing number; this follows the catalogue's "please enter a number".
  notANumber: 'Bitte geben Sie eine Zahl ein.',
} as const;

/** Key of a limit edit message; the client looks the text up in its catalogue. */
export type LimitMessageKey = keyof typeof LIMIT_MESSAGES;

/** One refused rule: message key, its parameters, and the limit and field it concerns. */
export interface LimitIssue {
  key: LimitMessageKey;
  /** The limit concerned; null for ordering rules that concern the whole set. */
  limitType: LimitType | null;
  field: 'limit' | 'priority' | 'delayTime';
  /** Placeholder values: `value` and `0` for the domain messages. */
  params: Record<string, number>;
}

/** PV domain (screens §3 domainConfig); null bounds are open. */
export interface LimitDomain {
  min: number | null;
  max: number | null;
}

/** The fields of a limit the edit rules look at. */
export type LimitEditEntry = Pick<LimitConfig, 'limit' | 'priority' | 'delayTime' | 'notSet'> & {
  limitType: LimitType;
};

const germanNumber = new Intl.NumberFormat('de-DE', { useGrouping: false, maximumFractionDigits: 10 });

/** Formats a number as the German catalogue shows it (decimal comma, no grouping). */
export function formatGermanNumber(value: number): string {
  return germanNumber.format(value);
}

/** The text of an issue with its placeholders filled in (German unless another formatter is given). */
export function formatLimitIssue(
  issue: LimitIssue,
  formatNumber: (value: number) => string = formatGermanNumber,
): string {
  return LIMIT_MESSAGES[issue.key].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = issue.params[name];
    return value === undefined ? whole : formatNumber(value);
  });
}

/** An entry of LimitConfig shape or of edit shape, reduced to the edit fields. */
export function toLimitEditEntry(config: LimitConfig): LimitEditEntry {
  return {
    limitType: config.pvLimitRef.limitType,
    limit: config.limit,
    priority: config.priority,
    delayTime: config.delayTime,
    notSet: config.notSet,
  };
}

/** Priority, delay time and a finite limit: the rules that hold for each limit on its own. */
export function validateLimitFields(entry: LimitEditEntry): LimitIssue[] {
  const issues: LimitIssue[] = [];
  const at = { limitType: entry.limitType, params: {} };
  if (!isValidPriority(entry.priority)) issues.push({ ...at, key: 'priorityRange', field: 'priority' });
  if (!isValidDelayTime(entry.delayTime)) issues.push({ ...at, key: 'delayTimeRange', field: 'delayTime' });
  if (typeof entry.limit !== 'number' || !Number.isFinite(entry.limit)) {
    issues.push({ ...at, key: 'notANumber', field: 'limit' });
  }
  return issues;
}

/**
 * The limit edit rules of screens §5 for the limits of one PV. Limits that are not set are
 * left out (they are not in the form); for the others: priority 0–9, delay time 0–65535, the
 * limit within the PV domain, and the ordering rules. Returns no issues when the set is valid.
 */
export function validateLimitEdit(
  entries: readonly LimitEditEntry[],
  domain: LimitDomain | null,
): LimitIssue[] {
  const issues: LimitIssue[] = [];
  const set = new Map<LimitType, number>();
  for (const entry of entries) {
    if (entry.notSet) continue;
    const own = validateLimitFields(entry);
    issues.push(...own);
    if (own.some((issue) => issue.field === 'limit')) continue;
    const value = entry.limit;
    if (domain?.min != null && value < domain.min) {
      issues.push(domainIssue('belowMinimum', entry.limitType, value, domain.min));
    } else if (domain?.max != null && value > domain.max) {
      issues.push(domainIssue('aboveMaximum', entry.limitType, value, domain.max));
    }
    set.set(entry.limitType, value);
  }
  issues.push(...orderingIssues(set));
  return issues;
}

function domainIssue(key: LimitMessageKey, limitType: LimitType, value: number, bound: number): LimitIssue {
  return { key, limitType, field: 'limit', params: { value, 0: bound } };
}

/** Ordering of screens §5: Bottom not above any other, BottomMiddle not above TopMiddle, Top not below any. */
function orderingIssues(set: ReadonlyMap<LimitType, number>): LimitIssue[] {
  const issues: LimitIssue[] = [];
  const others = (type: LimitType) =>
    LIMIT_TYPES.filter((t) => t !== type && set.has(t)).map((t) => set.get(t) as number);
  const bottom = set.get('Bottom');
  if (bottom !== undefined && others('Bottom').some((v) => bottom > v)) {
    issues.push({ key: 'bottomAboveOthers', limitType: null, field: 'limit', params: {} });
  }
  const bottomMiddle = set.get('BottomMiddle');
  const topMiddle = set.get('TopMiddle');
  if (bottomMiddle !== undefined && topMiddle !== undefined && bottomMiddle > topMiddle) {
    issues.push({ key: 'bottomMiddleAboveTopMiddle', limitType: null, field: 'limit', params: {} });
  }
  const top = set.get('Top');
  if (top !== undefined && others('Top').some((v) => top < v)) {
    issues.push({ key: 'topBelowOthers', limitType: null, field: 'limit', params: {} });
  }
  return issues;
}
