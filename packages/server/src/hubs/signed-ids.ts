import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { NegotiatedIds } from './connection-registry.js';

/**
 * Connection ids that every process of an installation can check (several processes, no
 * sticky sessions): negotiate may land on one process and the WebSocket on another. The token
 * is `<connectionId>.<expiry>.<mac>`, the mac an HMAC-SHA256 over hub, session, connection id
 * and expiry with a secret the processes share through the store. Nothing is kept at
 * negotiate; the upgrade checks the mac, the expiry and the session it was issued to (which
 * must still be valid in the shared store).
 */
export interface ConnectionSigner {
  issue(hub: string, sessionId: string, version: 0 | 1): NegotiatedIds;
  /** The connection id of a token issued for this hub and session and not yet expired; else null. */
  verify(token: string, hub: string, sessionId: string): string | null;
}

const TOKEN = /^([A-Za-z0-9_-]{22})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/;

export function createConnectionSigner(secret: string, ttlMs: number, now = Date.now): ConnectionSigner {
  const key = Buffer.from(secret, 'utf8');
  const mac = (hub: string, sessionId: string, connectionId: string, expiry: string) =>
    createHmac('sha256', key).update(`${hub}\n${sessionId}\n${connectionId}\n${expiry}`).digest();
  return {
    issue(hub, sessionId) {
      const connectionId = randomBytes(16).toString('base64url');
      const expiry = (now() + ttlMs).toString(36);
      const signature = mac(hub, sessionId, connectionId, expiry).toString('base64url');
      // Version 0 has no separate token: the client sends the connection id, so it is the token.
      return { connectionId, connectionToken: `${connectionId}.${expiry}.${signature}` };
    },
    verify(token, hub, sessionId) {
      const parts = TOKEN.exec(token);
      if (parts === null) return null;
      const [, connectionId, expiry, signature] = parts as unknown as [string, string, string, string];
      if (Number.parseInt(expiry, 36) < now()) return null;
      const expected = mac(hub, sessionId, connectionId, expiry);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return connectionId;
    },
  };
}
