/** Who is behind a session: what the hubs and routes need to decide rights. */
export interface SessionPrincipal {
  sessionId: string;
  userId: number;
  username: string;
  role: string;
}

/** Why a session ended; hubs close that session's connections without allowReconnect. */
export type SessionEndReason = 'logout' | 'expired' | 'disabled';

/** The sessions as the hubs see them. */
export interface SessionGate {
  /** Resolves the session named by the raw Cookie header; null when absent, unknown or expired. */
  fromCookieHeader(cookieHeader: string | undefined): Promise<SessionPrincipal | null>;
  onSessionEnded(listener: (sessionId: string, reason: SessionEndReason) => void): () => void;
}

/** Name of the session cookie. */
export const SESSION_COOKIE = 'lw_session';
