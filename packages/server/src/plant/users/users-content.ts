import { Type, type Static } from 'typebox';
import type { PlantUser } from '../../auth/users.js';
import { PlantContentError, readPlantContent } from '../content-file.js';

/** users.json: the users a plant ships, created with the administrator on an empty store. */
export const UsersContentSchema = Type.Object(
  {
    format: Type.Literal(1),
    users: Type.Array(
      Type.Object(
        {
          username: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$' }),
          displayName: Type.String({ minLength: 1, maxLength: 128 }),
          role: Type.String({ minLength: 1, maxLength: 64 }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 100 },
    ),
  },
  { additionalProperties: false },
);
export type UsersContent = Static<typeof UsersContentSchema>;

/** Reads users.json; a missing file means the plant ships no users besides the administrator. */
export function loadPlantUsers(file: string): PlantUser[] {
  const content = readPlantContent<UsersContent>(UsersContentSchema, file);
  if (content === null) return [];
  const seen = new Set<string>(['admin']);
  content.users.forEach((user, i) => {
    if (seen.has(user.username)) {
      throw new PlantContentError(file, `users[${i}].username`, `duplicate user ${user.username}`);
    }
    seen.add(user.username);
  });
  return content.users;
}
