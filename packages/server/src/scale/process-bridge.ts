import type { SessionEndReason } from '../auth/session-gate.js';
import type { Backplane } from '../hubs/backplane.js';

export interface ProcessBridgeDeps {
  backplane: Backplane;
  /** This process's id: its own announcements come back on the in-process backplane. */
  origin: string;
  sessions: {
    onEndedHere(listener: (sessionId: string, reason: SessionEndReason) => void): () => void;
    endedElsewhere(sessionId: string, reason: SessionEndReason): void;
  };
  rights: {
    onChangedHere(listener: () => void): () => void;
    reloadFromElsewhere(): Promise<void>;
  };
  log?: { warn(message: string): void };
}

/**
 * What one process decides about people, every process must apply at once: a session ended
 * here (logout, expiry, user disabled) closes its sockets on every process, and a change of
 * roles or assignments makes every process reload its rights. Without this a second process
 * would find out only at its next check against the store (15 s for sessions, never for rights).
 */
export function bridgeProcesses(deps: ProcessBridgeDeps): () => void {
  const { backplane, origin } = deps;
  const stops = [
    deps.sessions.onEndedHere((sessionId, reason) =>
      backplane.publish('sessions.ended', { origin, sessionId, reason }),
    ),
    backplane.subscribe('sessions.ended', (message) => {
      if (message.origin !== origin) deps.sessions.endedElsewhere(message.sessionId, message.reason);
    }),
    deps.rights.onChangedHere(() => backplane.publish('rights.changed', { origin })),
    backplane.subscribe('rights.changed', (message) => {
      if (message.origin === origin) return;
      deps.rights.reloadFromElsewhere().catch((error: unknown) => {
        deps.log?.warn(`rights changed elsewhere, reload failed: ${String(error)}`);
      });
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
