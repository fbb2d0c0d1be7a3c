import { createHash, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  SESSION_COOKIE,
  type SessionEndReason,
  type SessionGate,
  type SessionPrincipal,
} from './session-gate.js';
import type { Kysely } from 'kysely';
import type { Store } from '../store/index.js';
import type { Database } from '../store/schema.js';

/** A resolved, live session with what routes need about its user. */
export interface ActiveSession extends SessionPrincipal {
  displayName: string;
  language: string;
  csrfToken: string;
}

export interface SessionServiceOptions {
  store: Store;
  idleMs: number;
  maxMs: number;
  now?: () => number;
  /** How often expired sessions are looked for, so their hub connections close promptly. */
  sweepMs?: number;
}

interface Cached {
  session: ActiveSession;
  lastSeen: number;
  expiresAt: number;
  persistedSeen: number;
  loadedAt: number;
}

// Another process (the command line, a second server) may end a session or disable its user:
// a cached entry is checked against the store again after this long.
const REVALIDATE_MS = 15_000;

// Writing last_seen on every request would turn reads into writes; once in this interval is enough.
const TOUCH_PERSIST_MS = 10_000;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** Parses one cookie out of a raw Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/**
 * Server-side sessions: a 256-bit random secret in the cookie, only its hash in the store.
 * Idle timeout and absolute lifetime are enforced here; ends are announced so the hubs can
 * close that session's connections.
 */
export function createSessionService(options: SessionServiceOptions) {
  const { store, idleMs, maxMs } = options;
  const now = options.now ?? Date.now;
  const cache = new Map<string, Cached>();
  const events = new EventEmitter();

  async function end(idHash: string, reason: SessionEndReason): Promise<void> {
    cache.delete(idHash);
    if (await store.sessions.end(idHash, now(), reason)) announce(idHash, reason);
  }

  // 'ended' reaches this process's hubs; 'endedHere' only ends found here, which the other
  // processes learn over the backplane (endedElsewhere), so nothing is announced twice.
  function announce(idHash: string, reason: SessionEndReason): void {
    events.emit('ended', idHash, reason);
    events.emit('endedHere', idHash, reason);
  }

  async function load(idHash: string): Promise<Cached | null> {
    const row = await store.sessions.open(idHash);
    if (row === undefined) return null;
    const user = await store.users.byId(row.user_id);
    if (user === undefined || user.disabled === 1) {
      await end(idHash, 'disabled');
      return null;
    }
    return {
      session: {
        sessionId: idHash,
        userId: user.id,
        username: user.username,
        role: user.role,
        displayName: user.display_name,
        language: user.language,
        csrfToken: row.csrf_token,
      },
      lastSeen: row.last_seen_at,
      expiresAt: row.expires_at,
      persistedSeen: row.last_seen_at,
      loadedAt: now(),
    };
  }

  const expired = (entry: Cached, at: number) => at - entry.lastSeen > idleMs || at >= entry.expiresAt;

  async function resolve(secret: string | undefined): Promise<ActiveSession | null> {
    if (secret === undefined || secret.length < 20 || secret.length > 200) return null;
    const idHash = hashOf(secret);
    let entry: Cached | null | undefined = cache.get(idHash);
    if (entry === undefined || now() - entry.loadedAt > REVALIDATE_MS) {
      const fresh = await load(idHash);
      if (fresh === null) {
        cache.delete(idHash);
        if (entry !== undefined) announce(idHash, 'expired');
        return null;
      }
      // Activity seen here but not yet written must not be lost by the reload.
      if (entry !== undefined) fresh.lastSeen = Math.max(fresh.lastSeen, entry.lastSeen);
      entry = fresh;
      cache.set(idHash, entry);
    }
    if (expired(entry, now())) {
      await end(idHash, 'expired');
      return null;
    }
    return entry.session;
  }

  const sweep = setInterval(() => {
    const at = now();
    for (const [idHash, entry] of cache) {
      if (expired(entry, at)) void end(idHash, 'expired').catch(() => {});
    }
  }, options.sweepMs ?? 1000);
  sweep.unref();

  const gate: SessionGate = {
    fromCookieHeader: (header) => resolve(cookieValue(header, SESSION_COOKIE)),
    onSessionEnded(listener) {
      events.on('ended', listener);
      return () => events.off('ended', listener);
    },
  };

  return {
    gate,
    resolve,
    /**
     * Starts a session for the user; returns the cookie secret (shown to nobody else). A guard
     * runs in the insert's transaction and refuses the session by throwing.
     */
    async create(
      userId: number,
      guard?: (trx: Kysely<Database>) => Promise<void>,
    ): Promise<{ secret: string; session: ActiveSession }> {
      const secret = randomBytes(32).toString('base64url');
      const at = now();
      const idHash = hashOf(secret);
      await store.sessions.insert(
        {
          id_hash: idHash,
          user_id: userId,
          csrf_token: randomBytes(24).toString('base64url'),
          created_at: at,
          last_seen_at: at,
          expires_at: at + maxMs,
          ended_at: null,
          end_reason: null,
        },
        guard,
      );
      const entry = await load(idHash);
      if (entry === null) throw new Error('session vanished after creation');
      cache.set(idHash, entry);
      return { secret, session: entry.session };
    },
    /** Marks user activity: the idle timeout starts again. */
    async touch(sessionId: string): Promise<void> {
      const entry = cache.get(sessionId);
      if (entry === undefined) return;
      entry.lastSeen = now();
      if (entry.lastSeen - entry.persistedSeen >= TOUCH_PERSIST_MS) {
        entry.persistedSeen = entry.lastSeen;
        await store.sessions.touch(sessionId, entry.lastSeen);
      }
    },
    end,
    /** Ends every session of a user at once (user disabled, password reset by an administrator). */
    async endAllOfUser(userId: number, reason: SessionEndReason): Promise<void> {
      for (const [idHash, entry] of cache) if (entry.session.userId === userId) cache.delete(idHash);
      for (const idHash of await store.sessions.endAllOfUser(userId, now(), reason)) {
        announce(idHash, reason);
      }
    },
    /** Sessions this process ended, for the other processes of a scaled-out installation. */
    onEndedHere(listener: (sessionId: string, reason: SessionEndReason) => void): () => void {
      events.on('endedHere', listener);
      return () => events.off('endedHere', listener);
    },
    /** Another process ended this session: forget it and close its connections here. */
    endedElsewhere(sessionId: string, reason: SessionEndReason): void {
      cache.delete(sessionId);
      events.emit('ended', sessionId, reason);
    },
    idleMs,
    close() {
      clearInterval(sweep);
      events.removeAllListeners();
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
