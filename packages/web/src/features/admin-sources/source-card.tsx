import type { SourceStatusView } from '@leitwarte/core';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../lib/format-locale';

const STATE_COLOR = {
  Connected: 'green',
  Connecting: 'yellow',
  Disconnected: 'red',
  Degraded: 'orange',
} as const;
const COUNTERS = ['messages', 'reads', 'writes', 'errors', 'reconnects'] as const;

/** One data source: what it is, where it connects, how it is, what it counted, what went wrong last. */
export function SourceCard({
  source,
  onRestart,
  onBrowse,
}: {
  source: SourceStatusView;
  onRestart: () => void;
  onBrowse: () => void;
}) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  return (
    <Card withBorder padding="md" data-source={source.id} data-state={source.state}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {source.name}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {source.target}
            </Text>
          </Stack>
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
            {t(`admin.sources.kinds.${source.kind}`)}
          </Badge>
        </Group>
        <Group gap="xs">
          <Badge color={STATE_COLOR[source.state]} data-testid="source-state">
            {t(`admin.sources.states.${source.state}`)}
          </Badge>
          <Text size="sm" c="dimmed">
            {t('admin.sources.since', { time: format.dateTime(source.since) })}
          </Text>
        </Group>
        <Text size="sm">
          {t('admin.sources.extent', {
            pvs: format.integer(source.pvs),
            stations: format.integer(source.stations),
          })}
          {source.badPvs > 0 ? (
            <Text span c="red" size="sm" fw={500}>
              {' · '}
              {t('admin.sources.badPvs', { count: source.badPvs })}
            </Text>
          ) : null}
          {source.noValuePvs > 0 ? (
            <Text span c="dimmed" size="sm">
              {' · '}
              {t('admin.sources.noValuePvs', { count: source.noValuePvs })}
            </Text>
          ) : null}
        </Text>
        <SimpleGrid cols={{ base: 2, xs: 3, sm: 5 }} spacing="xs" verticalSpacing={4}>
          {COUNTERS.map((counter) => (
            <Stack key={counter} gap={0} data-counter={counter}>
              <Text size="xs" c="dimmed">
                {t(`admin.sources.counters.${counter}`)}
              </Text>
              <Text
                size="sm"
                fw={500}
                c={counter === 'errors' && source.counters.errors > 0 ? 'red' : undefined}
              >
                {format.integer(source.counters[counter])}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('admin.sources.lastError')}
          </Text>
          {source.lastError ? (
            <Text size="sm" c="red" data-testid="source-last-error" style={{ overflowWrap: 'anywhere' }}>
              {format.dateTime(source.lastError.at)}: {source.lastError.message}
            </Text>
          ) : (
            <Text size="sm">{t('admin.sources.noError')}</Text>
          )}
        </Stack>
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={onRestart}>
            {t('admin.sources.restart')}
          </Button>
          {source.browsable ? (
            <Button size="xs" variant="default" onClick={onBrowse} disabled={source.state !== 'Connected'}>
              {t('admin.sources.browse')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
