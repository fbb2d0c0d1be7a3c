/** Who acts: the logged-in user a write is done for (audit), or the system itself (null ids). */
export interface Actor {
  userId: number | null;
  username: string | null;
  remoteAddress?: string | null;
}

/** The system acting on its own (e.g. an acknowledgement in the field). */
export const SYSTEM_ACTOR: Actor = Object.freeze({ userId: null, username: null });
