import type { UserInfo } from '@leitwarte/core';
import type { ActiveSession } from '../auth/sessions.js';

/** The user as the client sees it (GET /api/UserManagement/info and the login reply). */
export function userInfo(session: ActiveSession, idleTimeoutMs: number): UserInfo {
  return {
    id: session.userId,
    username: session.username,
    displayName: session.displayName,
    role: session.role,
    language: session.language,
    csrfToken: session.csrfToken,
    idleTimeoutMs,
  };
}
