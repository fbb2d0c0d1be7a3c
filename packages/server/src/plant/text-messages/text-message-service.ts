import {
  TEXT_MESSAGE_MAX,
  type TextMessage,
  type TextMessageEntry,
  type TextMessagesReply,
} from '@leitwarte/core';
import type { SessionPrincipal } from '../../auth/session-gate.js';
import type { Store } from '../../store/index.js';
import { createTextMessagesRepository } from '../../store/misc/index.js';
import { createListeners } from '../listeners.js';
import type { TextMessagesContent } from './content.js';

type Actor = Pick<SessionPrincipal, 'userId' | 'username' | 'role'>;

export interface TextMessageServiceDeps {
  store: Store;
  /** What an empty store starts with (text-messages.json). */
  content?: TextMessagesContent;
  /** Whether the actor may change this text (the rights model plugs in here). */
  canEditText(actor: Actor, textId: number): boolean;
  now?: () => number;
}

export interface TextMessageService {
  start(): Promise<void>;
  /** Texts of these ids; unknown ids are listed in missingIds. */
  get(ids: readonly number[]): Promise<TextMessagesReply>;
  /** Sets texts (screens §3 text entries: textId, targetValue); all or nothing. */
  set(actor: Actor, entries: readonly TextMessageEntry[]): Promise<TextMessagesReply>;
  /** A text changed (the visu-text-message channel's newMessage). */
  onMessage(listener: (message: TextMessage) => void): () => void;
}

const reply = (
  status: TextMessagesReply['status'],
  message: string | null,
  messages: TextMessage[] = [],
  missingIds: number[] = [],
): TextMessagesReply => ({
  status,
  message,
  messages,
  missingIds,
});

/** Why a text is refused, or null ("text cannot be empty", screens §5). */
function textError(value: unknown): string | null {
  if (typeof value !== 'string') return 'Text fehlt.';
  if (value.trim() === '') return 'Text darf nicht leer sein.';
  if (value.length > TEXT_MESSAGE_MAX) return `Text darf höchstens ${TEXT_MESSAGE_MAX} Zeichen haben.`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b-\u001f\u007f]/.test(value)) return 'Text darf keine Steuerzeichen enthalten.';
  return null;
}

/** Visualisation text messages: stored, validated, audited, announced. */
export function createTextMessageService(deps: TextMessageServiceDeps): TextMessageService {
  const now = deps.now ?? Date.now;
  const repo = createTextMessagesRepository(deps.store.db);
  const listeners = createListeners<TextMessage>();
  return {
    async start() {
      await repo.insertMissing(deps.content?.messages ?? [], now());
    },
    async get(ids) {
      if (!ids.every((id) => Number.isSafeInteger(id))) return reply('Failed', 'Ungültige Text-ID.');
      const unique = [...new Set(ids)];
      const found = await repo.byIds(unique);
      const known = new Set(found.map((m) => m.id));
      return reply(
        'Success',
        null,
        found,
        unique.filter((id) => !known.has(id)),
      );
    },
    async set(actor, entries) {
      const ids = entries.map((e) => e.textId);
      if (!ids.every((id) => Number.isSafeInteger(id))) return reply('Failed', 'Ungültige Text-ID.');
      if (new Set(ids).size !== ids.length) return reply('Failed', 'Ein Text ist mehrfach angegeben.');
      const current = new Map((await repo.byIds(ids)).map((m) => [m.id, m.message]));
      const missing = ids.filter((id) => !current.has(id));
      if (missing.length > 0) return reply('Failed', `Unbekannte Texte: ${missing.join(', ')}`, [], missing);
      const errors = entries.flatMap((e) => {
        const error = textError(e.targetValue);
        return error ? [`Text ${e.textId}: ${error}`] : [];
      });
      if (errors.length > 0) return reply('Failed', errors.join(' '));
      if (!ids.every((id) => deps.canEditText(actor, id))) {
        return reply('Unauthorized', 'Keine Rechte zum Ändern der Texte.');
      }
      const changed = entries.filter((e) => current.get(e.textId) !== e.targetValue);
      const messages = changed.map((e) => ({ id: e.textId, message: e.targetValue }));
      await repo.set(messages, now());
      for (const m of messages) {
        await deps.store.audit.append({
          at: now(),
          userId: actor.userId,
          username: actor.username,
          action: 'textMessage.set',
          object: `text ${m.id}`,
          oldValue: current.get(m.id) ?? null,
          newValue: m.message,
        });
        listeners.emit(m);
      }
      return reply('Success', null, await repo.byIds(ids));
    },
    onMessage: (listener) => listeners.add(listener),
  };
}
