import { ActionIcon, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { intlLocale } from '../../i18n/languages';
import type { PageEntry } from '../../lib/page-list-store';
import { EmptyView } from '../../ui/status-views';

interface PageListProps {
  title: string;
  intro: string;
  empty: string;
  entries: readonly PageEntry[];
  /** The line under each entry, given its formatted time. */
  timeText: (time: string) => string;
  onRemove: (path: string) => void;
  onClear: () => void;
  testId: string;
}

/** A list of pages (favorites, recently visited): open, remove one, remove all. */
export function PageList({
  title,
  intro,
  empty,
  entries,
  timeText,
  onRemove,
  onClear,
  testId,
}: PageListProps) {
  const { t, i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(intlLocale(i18n.language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const nameOf = (entry: PageEntry) =>
    entry.labelKey !== null && i18n.exists(entry.labelKey) ? t(entry.labelKey as ParseKeys) : entry.path;

  return (
    <Stack gap="md" maw={880}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            {intro}
          </Text>
        </div>
        {entries.length > 0 && (
          <Button variant="default" size="xs" onClick={onClear}>
            {t('shell.lists.clear')}
          </Button>
        )}
      </Group>
      {entries.length === 0 ? (
        <EmptyView message={empty} />
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} data-testid={testId} style={{ listStyle: 'none' }}>
          {entries.map((entry) => {
            const name = nameOf(entry);
            return (
              <Paper component="li" key={entry.path} withBorder p="sm" data-path={entry.path}>
                <Group justify="space-between" wrap="nowrap">
                  <div style={{ minWidth: 0 }}>
                    <Anchor component={Link} to={entry.path} fw={600}>
                      {name}
                    </Anchor>
                    <Text size="xs" c="dimmed" truncate>
                      {name === entry.path ? '' : `${entry.path} · `}
                      {timeText(format.format(entry.at))}
                    </Text>
                  </div>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => onRemove(entry.path)}
                    aria-label={t('shell.lists.removeNamed', { name })}
                    title={t('shell.lists.remove')}
                  >
                    <span aria-hidden>✕</span>
                  </ActionIcon>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
