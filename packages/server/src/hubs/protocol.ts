/** Message type numbers of the SignalR hub protocol (HubProtocol.md). */
export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

/** An invocation from the client; without invocationId it is fire-and-forget. */
export interface InvocationMessage {
  type: 1 | 4;
  invocationId?: string;
  target: string;
  arguments: unknown[];
  streamIds?: string[];
}

/** A message the client may send after the handshake, as far as the server cares about it. */
export type ClientMessage =
  | InvocationMessage
  | { type: 2 | 3 | 5; invocationId: string }
  | { type: 6 }
  | { type: 7; error?: string }
  /** Ack, Sequence and types from newer protocol versions: ignored, as the spec allows. */
  | { type: 'ignored' };

export type ParseResult = { ok: true; message: ClientMessage } | { ok: false; error: string };

// Invocation ids are echoed back; a bound keeps a client from making us echo huge strings.
const MAX_INVOCATION_ID_LENGTH = 128;

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

function parseInvocation(raw: Record<string, unknown>, type: 1 | 4): ParseResult {
  const { invocationId, target, arguments: args, streamIds } = raw;
  if (typeof target !== 'string' || !Array.isArray(args)) {
    return { ok: false, error: 'Invocation requires target and arguments.' };
  }
  if (invocationId !== undefined && typeof invocationId !== 'string') {
    return { ok: false, error: 'invocationId must be a string.' };
  }
  if (type === MessageType.StreamInvocation && invocationId === undefined) {
    return { ok: false, error: 'StreamInvocation requires an invocationId.' };
  }
  if (invocationId !== undefined && invocationId.length > MAX_INVOCATION_ID_LENGTH) {
    return { ok: false, error: 'invocationId is too long.' };
  }
  if (streamIds !== undefined && !isStringArray(streamIds)) {
    return { ok: false, error: 'streamIds must be an array of strings.' };
  }
  const message: InvocationMessage = { type, target, arguments: args as unknown[] };
  if (invocationId !== undefined) message.invocationId = invocationId;
  if (streamIds !== undefined) message.streamIds = streamIds;
  return { ok: true, message };
}

/** Parses one JSON record received after the handshake. */
export function parseClientMessage(text: string): ParseResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, error: 'Message is not valid JSON.' };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, error: 'Message is not a JSON object.' };
  }
  const record = raw as Record<string, unknown>;
  const type = record.type;
  switch (type) {
    case MessageType.Invocation:
    case MessageType.StreamInvocation:
      return parseInvocation(record, type);
    case MessageType.StreamItem:
    case MessageType.Completion:
    case MessageType.CancelInvocation:
      if (typeof record.invocationId !== 'string') {
        return { ok: false, error: 'Message requires an invocationId.' };
      }
      return { ok: true, message: { type, invocationId: record.invocationId } };
    case MessageType.Ping:
      return { ok: true, message: { type } };
    case MessageType.Close:
      return {
        ok: true,
        message: typeof record.error === 'string' ? { type, error: record.error } : { type },
      };
    default:
      if (typeof type !== 'number') return { ok: false, error: 'Message requires a numeric type.' };
      return { ok: true, message: { type: 'ignored' } };
  }
}

/** The outcome of a handshake request: accepted, or the error to send back before closing. */
export type HandshakeResult = { ok: true } | { ok: false; error: string };

/** Checks the handshake request; only the JSON protocol version 1 is spoken here. */
export function parseHandshake(text: string): HandshakeResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, error: 'Handshake request is not valid JSON.' };
  }
  if (typeof raw !== 'object' || raw === null) return { ok: false, error: 'Invalid handshake request.' };
  const { protocol, version } = raw as { protocol?: unknown; version?: unknown };
  if (typeof protocol !== 'string' || typeof version !== 'number') {
    return { ok: false, error: 'Handshake request requires protocol and version.' };
  }
  if (protocol !== 'json') {
    // Echo at most a short, printable prefix of what the client asked for.
    const shown = protocol.slice(0, 32).replace(/[^\w.-]/g, '?');
    return { ok: false, error: `Requested protocol '${shown}' is not available.` };
  }
  if (version !== 1) {
    return { ok: false, error: `The server does not support version ${version} of the 'json' protocol.` };
  }
  return { ok: true };
}

/** Completion with a result (omitted for void methods). Never carries both result and error. */
export function completion(invocationId: string, result: unknown): object {
  return result === undefined
    ? { type: MessageType.Completion, invocationId }
    : { type: MessageType.Completion, invocationId, result };
}

/** Completion with an error message meant for the client (no stack, no internals). */
export function completionError(invocationId: string, error: string): object {
  return { type: MessageType.Completion, invocationId, error };
}

/** Fire-and-forget invocation of a client method. */
export function invocation(target: string, args: readonly unknown[]): object {
  return { type: MessageType.Invocation, target, arguments: args };
}

export const PING_RECORD = { type: MessageType.Ping } as const;

/** Close record; allowReconnect only when the client should come back (e.g. server shutdown). */
export function closeMessage(error?: string, allowReconnect?: boolean): object {
  return {
    type: MessageType.Close,
    ...(error !== undefined ? { error } : {}),
    ...(allowReconnect ? { allowReconnect: true } : {}),
  };
}
