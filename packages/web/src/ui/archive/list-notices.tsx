import { Alert, Text } from '@mantine/core';

/** Above this many rows the list warns that it may get slow (screens §8). */
export const LARGE_LIST_ROWS = 10_000;

/**
 * The notices of a limited list (screens §8): only the most recent N were loaded and how many
 * more the range holds; large lists can hurt performance. Texts come from the caller's catalogue.
 */
export function ListNotices({
  remaining,
  loaded,
  limitNotice,
  limitAdvice,
  largeListHint,
}: {
  remaining: number;
  loaded: number;
  limitNotice: string;
  limitAdvice: string;
  largeListHint: string;
}) {
  return (
    <>
      {remaining > 0 ? (
        <Alert color="yellow" variant="light" data-testid="limit-notice" title={limitNotice}>
          <Text size="sm">{limitAdvice}</Text>
          {loaded >= LARGE_LIST_ROWS ? <Text size="sm">{largeListHint}</Text> : null}
        </Alert>
      ) : loaded >= LARGE_LIST_ROWS ? (
        <Text size="sm" c="dimmed" data-testid="large-list-hint">
          {largeListHint}
        </Text>
      ) : null}
    </>
  );
}
