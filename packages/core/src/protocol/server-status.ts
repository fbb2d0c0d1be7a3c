/**
 * What the server-status channel reports (calls §4, §7 `serverStatusChanged`): the state of the
 * connection between the server and the field (its data source), or the end of the session.
 */
export const SERVER_STATUSES = [
  'Connected',
  'Connecting',
  'ServerDisconnected',
  'SourceDisconnected',
  'Unauthorized',
] as const;
/** A status the server sends in `serverStatusChanged`. */
export type ServerStatus = (typeof SERVER_STATUSES)[number];

/** Client-side only: the status channel itself is not connected (calls §4). */
export const WEB_SERVER_DISCONNECTED = 'WebServerDisconnected';

/**
 * The status a client shows: one of the server's values, WebServerDisconnected, or any other
 * text a newer server sends (passed through unchanged, calls §4).
 */
export type ClientServerStatus = ServerStatus | typeof WEB_SERVER_DISCONNECTED | (string & {});

/** What happens to the client's status connection (calls §4). */
export type ServerStatusEvent =
  | { kind: 'closed' }
  | { kind: 'connected' }
  | { kind: 'reported'; status: string }
  // The status connection is down, but the web server answers that no process serves the plant
  // (several processes, the owner lost): the web server is there, its server is not.
  | { kind: 'ownerLost' };

/**
 * calls §4: WebServerDisconnected at first and when the status connection closes;
 * ServerDisconnected after connecting until the server reports; reported values as they are.
 * A lost owner is ServerDisconnected too: the web server is reachable, the server behind it
 * that watches the plant is not.
 */
export function nextServerStatus(event: ServerStatusEvent): ClientServerStatus {
  switch (event.kind) {
    case 'closed':
      return WEB_SERVER_DISCONNECTED;
    case 'connected':
    case 'ownerLost':
      return 'ServerDisconnected';
    case 'reported':
      return event.status;
  }
}

/** The initial client status (calls §4). */
export const INITIAL_SERVER_STATUS: ClientServerStatus = WEB_SERVER_DISCONNECTED;

/** Whether a status forces the logout redirect (calls §4, §8). */
export function isUnauthorizedStatus(status: ClientServerStatus): boolean {
  return status === 'Unauthorized';
}

/**
 * The server's status for the state of its data sources: ServerDisconnected when the field is
 * lost, SourceDisconnected when some of a plant's several field connections are (Degraded).
 */
export function serverStatusOfSource(
  state: 'Connected' | 'Connecting' | 'Disconnected' | 'Degraded',
): ServerStatus {
  if (state === 'Connected') return 'Connected';
  if (state === 'Connecting') return 'Connecting';
  if (state === 'Degraded') return 'SourceDisconnected';
  return 'ServerDisconnected';
}

/** Payload of `sendServerInfoMessage`: a text an administrator broadcasts to every session. */
export interface ServerInfoMessage {
  message: string;
  /** Milliseconds since the epoch. */
  timestamp: number;
  /** User name of the sender. */
  from: string;
}

/** Longest server info message accepted. */
export const SERVER_INFO_MESSAGE_MAX = 500;
