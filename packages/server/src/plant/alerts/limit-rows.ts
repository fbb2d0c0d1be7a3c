import {
  LIMIT_KEY_SUFFIXES,
  pvKey,
  type LimitConfig,
  type PvRef,
  type SetConfigReply,
} from '@leitwarte/core';
import type { LimitRow } from '../../store/alerts/index.js';

/** Longest description and message text of a limit. */
export const LIMIT_TEXT_MAX = 200;

/** `AnaIn-100010/ogw`: a limit named with its key suffix (screens §9). */
export function limitKey(config: Pick<LimitConfig, 'pvLimitRef'>): string {
  return `${pvKey(config.pvLimitRef.pv)}/${LIMIT_KEY_SUFFIXES[config.pvLimitRef.limitType]}`;
}

/** The stored form of a limit. */
export function rowOf(config: LimitConfig, at: number): LimitRow {
  return {
    pv_nr: config.pvLimitRef.pv.nr,
    limit_type: config.pvLimitRef.limitType,
    limit_value: config.limit,
    priority: config.priority,
    delay_time: config.delayTime,
    description: config.description,
    message: config.message,
    not_set: config.notSet ? 1 : 0,
    updated_at: at,
  };
}

/** Why the texts of a limit are refused, or null. */
export function checkLimitTexts(config: LimitConfig): string | null {
  const ok = (text: unknown) => typeof text === 'string' && text.length <= LIMIT_TEXT_MAX;
  if (ok(config.description) && ok(config.message)) return null;
  return `Beschreibung und Meldungstext dürfen höchstens ${LIMIT_TEXT_MAX} Zeichen lang sein.`;
}

/** A refused write: nothing was changed. */
export function failed(
  errorMessage: string,
  more: Partial<Pick<SetConfigReply, 'issues' | 'missingPvs' | 'unauthorizedPvs'>> = {},
): SetConfigReply {
  const none: PvRef[] = [];
  return {
    status: more.unauthorizedPvs?.length ? 'Unauthorized' : 'Failed',
    errorMessage,
    issues: more.issues ?? [],
    missingPvs: more.missingPvs ?? none,
    unauthorizedPvs: more.unauthorizedPvs ?? none,
  };
}

/** A write that was applied. */
export function success(): SetConfigReply {
  return { status: 'Success', errorMessage: null, issues: [], missingPvs: [], unauthorizedPvs: [] };
}
