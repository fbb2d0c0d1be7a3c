/**
 * A write only the owner of the field may make, refused because this process no longer holds
 * the field's lease under its token (several processes; see scale/field-owner.ts). A refused
 * write is not retried: the process stops its engines, and the owner that replaced it writes.
 * A call of a client that meets it is answered 503 with Retry-After, so the client tries again
 * and reaches the new owner.
 */
export class FencedOut extends Error {
  readonly statusCode = 503;
  constructor(token: number | null) {
    super(`this process no longer owns the field (token ${token ?? 'none'})`);
    this.name = 'FencedOut';
  }
}

export const isFencedOut = (error: unknown): error is FencedOut => error instanceof FencedOut;
