/** Codes of calls §8's live channel errors. */
export type LiveErrorCode = 'disconnected' | 'failedToConnect' | 'failedToAcquire';

const MESSAGES: Record<LiveErrorCode, (name: string) => string> = {
  disconnected: (name) => `The ${name} connection is disconnected`,
  failedToConnect: (name) => `Failed to connect ${name}`,
  failedToAcquire: () => 'Failed to acquire',
};

/** A live channel error with calls §8's text; `code` selects the translated text for display. */
export class LiveError extends Error {
  constructor(
    readonly code: LiveErrorCode,
    readonly channel: string,
    options?: { cause?: unknown },
  ) {
    super(MESSAGES[code](channel), options);
    this.name = 'LiveError';
  }
}
