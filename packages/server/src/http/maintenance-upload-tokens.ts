import { randomBytes, timingSafeEqual } from 'node:crypto';
import { UPLOAD_TOKEN_TTL_MS } from '@leitwarte/core';

/** Upload tokens a session may hold at once; older ones are dropped first. */
const MAX_PER_SESSION = 5;

/**
 * Single-use upload tokens (calls §5): each is bound to the session it was issued to and lives
 * a few minutes. Kept in memory: a restart ends every session's uploads anyway.
 */
export interface UploadTokens {
  issue(sessionId: string): { token: string; expiresAt: number };
  /** True once for a live token of this session; the token is gone afterwards either way. */
  consume(sessionId: string, token: string | undefined): boolean;
}

export function createUploadTokens(now: () => number = Date.now): UploadTokens {
  const bySession = new Map<string, { token: Buffer; expiresAt: number }[]>();
  const sweep = () => {
    const t = now();
    for (const [session, tokens] of bySession) {
      const live = tokens.filter((x) => x.expiresAt > t);
      if (live.length === 0) bySession.delete(session);
      else bySession.set(session, live);
    }
  };
  return {
    issue(sessionId) {
      sweep();
      const token = randomBytes(32);
      const expiresAt = now() + UPLOAD_TOKEN_TTL_MS;
      const tokens = [...(bySession.get(sessionId) ?? []), { token, expiresAt }].slice(-MAX_PER_SESSION);
      bySession.set(sessionId, tokens);
      return { token: token.toString('base64url'), expiresAt };
    },
    consume(sessionId, token) {
      sweep();
      if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
      const given = Buffer.from(token, 'base64url');
      const tokens = bySession.get(sessionId) ?? [];
      const match = tokens.find((x) => x.token.length === given.length && timingSafeEqual(x.token, given));
      if (match === undefined) return false;
      bySession.set(
        sessionId,
        tokens.filter((x) => x !== match),
      );
      return true;
    },
  };
}
