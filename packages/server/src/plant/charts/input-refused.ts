import type { InputIssue } from '@leitwarte/core';

/** Why an input was refused: malformed or against a rule, naming an unknown object, or not allowed. */
export type RefusalCode = 'invalid' | 'not-found' | 'forbidden';

/** A refused write or query; nothing was changed. `issues` name the fields and say why. */
export class InputRefusedError extends Error {
  constructor(
    readonly code: RefusalCode,
    readonly issues: readonly InputIssue[],
  ) {
    super(issues.map((i) => (i.field ? `${i.field}: ${i.message}` : i.message)).join('; ') || code);
    this.name = 'InputRefusedError';
  }
}

/** Throws an InputRefusedError for one issue. */
export function refuse(code: RefusalCode, field: string, message: string): never {
  throw new InputRefusedError(code, [{ field, message }]);
}

/** Who acts: the session's user (a SessionPrincipal fits). */
export interface Actor {
  userId: number;
  username: string;
  role: string;
  /** The caller's address, for the audit. */
  remoteAddress?: string;
}
