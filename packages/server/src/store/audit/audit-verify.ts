import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { checkChain, GENESIS_HASH, type ChainBreak } from './audit-chain.js';

const PAGE = 5_000;

export type AuditVerification =
  { ok: true; rows: number; lastHash: string } | { ok: false; rows: number; broken: ChainBreak };

/**
 * Walks the whole audit log in id order and recomputes the chain: a changed, inserted or
 * removed row breaks it at that row (a row removed at the end shows as a lower count and an
 * earlier last hash than the ones noted down before).
 */
export async function verifyAuditChain(db: Kysely<Database>): Promise<AuditVerification> {
  let prev = GENESIS_HASH;
  let after = Number.MIN_SAFE_INTEGER;
  let rows = 0;
  for (;;) {
    const page = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    if (page.length === 0) return { ok: true, rows, lastHash: prev };
    const result = checkChain(page, prev);
    if (!result.ok) {
      const index = page.findIndex((row) => row.id === result.broken.id);
      return { ok: false, rows: rows + index, broken: result.broken };
    }
    prev = result.lastHash;
    rows += page.length;
    after = page.at(-1)?.id ?? after;
  }
}

const PROBLEMS: Record<ChainBreak['problem'], string> = {
  notChained: 'carries no hash (written around the server)',
  previousMismatch: 'does not follow the row before it (a row before it was removed, inserted or changed)',
  contentMismatch: 'was changed after it was written (its hash does not match its content)',
};

/** One line for the operator: the first broken row, or how many rows are intact. */
export function describeVerification(result: AuditVerification): string {
  if (result.ok) {
    return `Audit log intact: ${result.rows} rows, last hash ${result.lastHash}.`;
  }
  const { id, at, action, problem } = result.broken;
  // A forged time may be no valid date at all.
  const when = Number.isFinite(new Date(at).getTime()) ? new Date(at).toISOString() : String(at);
  return (
    `Audit log broken at row ${id} (${when}, ${JSON.stringify(action)}): it ${PROBLEMS[problem]}. ` +
    `${result.rows} rows before it are intact.`
  );
}
