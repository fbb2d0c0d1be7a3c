import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The head of an archive screen: its title, the summary of what is shown of what was loaded
 * (absent while loading or after a failure) and the screen's controls beside them.
 */
export function ArchiveHeader(props: {
  title: string;
  summary: string | null;
  summaryTestId: string;
  children: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      <div>
        <Title order={1} size="h2">
          {props.title}
        </Title>
        {props.summary !== null ? (
          <Text size="sm" c="dimmed" data-testid={props.summaryTestId}>
            {props.summary}
          </Text>
        ) : null}
      </div>
      <Group gap="xs" align="flex-end" wrap="wrap">
        {props.children}
      </Group>
    </Group>
  );
}
