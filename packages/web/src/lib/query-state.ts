/**
 * A query's error only when it leaves nothing to show. A failed reload (a resync after a live
 * connection came back, say, while the plant's owner is being replaced) keeps the last data on
 * screen, where the live channels go on updating it, instead of replacing a whole screen with an
 * error.
 */
export function blockingError(query: { data: unknown; error: Error | null }): Error | null {
  return query.data === undefined ? query.error : null;
}
