import { TEXT_MESSAGE_MAX } from '@leitwarte/core';
import { Type, type Static } from 'typebox';
import { PlantContentError, readPlantContent } from '../content-file.js';

/** text-messages.json: the visualisation text messages a new store starts with. */
export const TextMessagesContentSchema = Type.Object(
  {
    messages: Type.Array(
      Type.Object(
        {
          id: Type.Integer({ minimum: 1, maximum: 999_999 }),
          message: Type.String({ minLength: 1, maxLength: TEXT_MESSAGE_MAX }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type TextMessagesContent = Static<typeof TextMessagesContentSchema>;

/** Reads text-messages.json; a missing file means no text messages. */
export function loadTextMessagesContent(file: string): TextMessagesContent {
  const content = readPlantContent<TextMessagesContent>(TextMessagesContentSchema, file);
  if (content === null) return { messages: [] };
  const seen = new Set<number>();
  content.messages.forEach((m, i) => {
    if (seen.has(m.id)) throw new PlantContentError(file, `messages[${i}].id`, `duplicate id ${m.id}`);
    seen.add(m.id);
  });
  return content;
}
