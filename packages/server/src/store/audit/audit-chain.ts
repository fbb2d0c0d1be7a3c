import { createHash } from 'node:crypto';

/** The previous hash of the first row of the chain. */
export const GENESIS_HASH = '0'.repeat(64);

/** The columns of an audit row that its hash covers, as both stores return them. */
export interface ChainedFields {
  id: number;
  at: number;
  user_id: number | null;
  username: string | null;
  action: string;
  object: string | null;
  old_value: string | null;
  new_value: string | null;
  detail: string | null;
  remote_address: string | null;
}

/**
 * The canonical encoding of a row: the JSON text of the array of its fields in this fixed
 * order (integers as JSON numbers, texts as JSON strings, absent values as null). SQLite and
 * PostgreSQL give the same values back, and the hash is computed here, not by the database,
 * so both stores produce the same chain for the same rows.
 */
export function canonicalRow(row: ChainedFields): string {
  return JSON.stringify([
    row.id,
    row.at,
    row.user_id,
    row.username,
    row.action,
    row.object,
    row.old_value,
    row.new_value,
    row.detail,
    row.remote_address,
  ]);
}

/** SHA-256 (hex) of the previous row's hash, a line feed and the row's canonical encoding. */
export function rowHash(prevHash: string, row: ChainedFields): string {
  return createHash('sha256')
    .update(`${prevHash}\n${canonicalRow(row)}`)
    .digest('hex');
}

/** A row as stored, with its place in the chain. */
export interface ChainedRow extends ChainedFields {
  prev_hash: string | null;
  hash: string | null;
}

/** Where the chain breaks: the row, and what is wrong with it. */
export interface ChainBreak {
  id: number;
  at: number;
  action: string;
  problem: 'notChained' | 'previousMismatch' | 'contentMismatch';
}

/**
 * Checks rows in ascending id order, continuing from `prevHash` (the last good hash of the
 * rows before them). Returns the first break, or the hash to continue from.
 */
export function checkChain(
  rows: readonly ChainedRow[],
  prevHash: string,
): { ok: true; lastHash: string } | { ok: false; broken: ChainBreak } {
  let expectedPrev = prevHash;
  for (const row of rows) {
    const where = { id: row.id, at: row.at, action: row.action };
    if (row.hash === null || row.prev_hash === null) {
      return { ok: false, broken: { ...where, problem: 'notChained' } };
    }
    if (row.prev_hash !== expectedPrev)
      return { ok: false, broken: { ...where, problem: 'previousMismatch' } };
    if (rowHash(row.prev_hash, row) !== row.hash) {
      return { ok: false, broken: { ...where, problem: 'contentMismatch' } };
    }
    expectedPrev = row.hash;
  }
  return { ok: true, lastHash: expectedPrev };
}
