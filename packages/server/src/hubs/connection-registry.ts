import { randomBytes } from 'node:crypto';

/** The ids a negotiate hands out: a public connection id and the secret token for `?id=`. */
export interface NegotiatedIds {
  connectionId: string;
  connectionToken: string;
}

export type ClaimResult =
  | { status: 'ok'; connectionId: string }
  | { status: 'unknown' } // → 404
  | { status: 'taken' }; // → 409

interface Entry {
  connectionId: string;
  hub: string;
  sessionId: string;
  live: boolean;
  expiry: NodeJS.Timeout | undefined;
}

/** base64url: URL-safe, because the client puts the token into the query string unencoded. */
function randomId(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * Connection ids from negotiate to socket close. A token is bound to the hub and the session
 * that negotiated it, so a leaked token is useless to anybody else; tokens never claimed by a
 * socket expire, and each session may hold only a few unclaimed ones at a time.
 */
export class ConnectionRegistry {
  private readonly entries = new Map<string, Entry>();
  private readonly pendingBySession = new Map<string, number>();

  constructor(
    private readonly unclaimedTtlMs: number,
    private readonly maxUnclaimedPerSession: number,
  ) {}

  /** Reserves ids for a negotiate; null when the session already holds too many unclaimed ones. */
  negotiate(hub: string, sessionId: string, version: 0 | 1): NegotiatedIds | null {
    const pending = this.pendingBySession.get(sessionId) ?? 0;
    if (pending >= this.maxUnclaimedPerSession) return null;
    const connectionId = randomId(16);
    // Version 0 has no separate token: the connection id itself is the secret.
    const connectionToken = version === 0 ? connectionId : randomId(32);
    const expiry = setTimeout(() => this.remove(connectionToken), this.unclaimedTtlMs);
    expiry.unref();
    this.entries.set(connectionToken, { connectionId, hub, sessionId, live: false, expiry });
    this.pendingBySession.set(sessionId, pending + 1);
    return { connectionId, connectionToken };
  }

  /** Claims a negotiated token for a socket. Someone else's token counts as unknown. */
  claim(token: string, hub: string, sessionId: string): ClaimResult {
    const entry = this.entries.get(token);
    if (entry === undefined || entry.hub !== hub || entry.sessionId !== sessionId) {
      return { status: 'unknown' };
    }
    if (entry.live) return { status: 'taken' };
    this.settle(entry);
    entry.live = true;
    return { status: 'ok', connectionId: entry.connectionId };
  }

  /** A socket without `id` (skipNegotiation): a fresh live connection. */
  create(hub: string, sessionId: string): NegotiatedIds {
    const connectionId = randomId(16);
    const connectionToken = randomId(32);
    this.entries.set(connectionToken, { connectionId, hub, sessionId, live: true, expiry: undefined });
    return { connectionId, connectionToken };
  }

  /**
   * A socket with a signed token (several processes): live under that token on this process
   * until it closes, so a second socket with the same token is refused here as taken.
   */
  claimSigned(token: string, connectionId: string, hub: string, sessionId: string): ClaimResult {
    if (this.entries.has(token)) return { status: 'taken' };
    this.entries.set(token, { connectionId, hub, sessionId, live: true, expiry: undefined });
    return { status: 'ok', connectionId };
  }

  /** Forgets a token (socket closed, or never claimed). */
  remove(token: string): void {
    const entry = this.entries.get(token);
    if (entry === undefined) return;
    this.settle(entry);
    this.entries.delete(token);
  }

  /** Forgets the unclaimed tokens of an ended session; its live ones go when their sockets close. */
  endSession(sessionId: string): void {
    for (const [token, entry] of this.entries) {
      if (entry.sessionId === sessionId && !entry.live) this.remove(token);
    }
  }

  clear(): void {
    for (const token of [...this.entries.keys()]) this.remove(token);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Ends the unclaimed state of an entry: stops its expiry and its count against the session. */
  private settle(entry: Entry): void {
    if (entry.live || entry.expiry === undefined) return;
    clearTimeout(entry.expiry);
    entry.expiry = undefined;
    const left = (this.pendingBySession.get(entry.sessionId) ?? 1) - 1;
    if (left > 0) this.pendingBySession.set(entry.sessionId, left);
    else this.pendingBySession.delete(entry.sessionId);
  }
}
