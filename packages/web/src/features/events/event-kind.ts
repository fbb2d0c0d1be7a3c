import { controlEventKindKey, controlEventKindOf, type ControlEvent } from '@leitwarte/core';
import type { ParseKeys, TFunction } from 'i18next';

/**
 * The event in words: audit entries by their action (a refused attempt says so), system events by
 * their kind (core's CONTROL_EVENT_KINDS, each named in every catalogue); a kind the server learnt
 * after this client was built is shown as the server names it.
 */
export function eventKindText(event: Pick<ControlEvent, 'kind'>, t: TFunction): string {
  const known = controlEventKindOf(event.kind);
  if (known === null) return event.kind;
  // Every kind has its key in every catalogue (event-kind.test.ts holds them to the list).
  const text = t(`events.kinds.${controlEventKindKey(known.kind)}` as ParseKeys);
  return known.refused ? t('events.refused', { action: text }) : text;
}

/** eventKindText with one lookup per distinct kind: lists sort and filter by it row by row. */
export function cachedEventKindText(t: TFunction): (event: Pick<ControlEvent, 'kind'>) => string {
  const texts = new Map<string, string>();
  return (event) => {
    let text = texts.get(event.kind);
    if (text === undefined) {
      text = eventKindText(event, t);
      texts.set(event.kind, text);
    }
    return text;
  };
}
