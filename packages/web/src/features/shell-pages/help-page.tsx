import { Anchor, Group, Kbd, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { plantInfoQuery } from '../../api/plant-info';
import { SHELL_SHORTCUTS } from '../../lib/shell-shortcuts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** Help and support: whom to contact, the shell's keyboard shortcuts, where to go next. */
export function HelpPage() {
  const { t } = useTranslation();
  // The plant definition has no contact fields; its operator and provider are whom to ask.
  const { data: plant } = useQuery(plantInfoQuery);
  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h2">
        {t('shell.help.title')}
      </Title>
      <Section title={t('shell.help.support.title')}>
        <Text size="sm" data-testid="support-text">
          {plant
            ? t('shell.help.support.text', { operator: plant.operator, provider: plant.provider })
            : t('shell.help.support.fallback')}
        </Text>
      </Section>
      <Section title={t('shell.help.shortcuts.title')}>
        <Table data-testid="shortcuts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={160}>{t('shell.help.shortcuts.key')}</Table.Th>
              <Table.Th>{t('shell.help.shortcuts.action')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {SHELL_SHORTCUTS.map((shortcut) => (
              <Table.Tr key={shortcut.hotkey}>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {shortcut.keys.map((key, index) => (
                      <span key={key}>
                        {index > 0 && ' + '}
                        <Kbd>{key}</Kbd>
                      </span>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>{t(shortcut.labelKey)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
      <Section title={t('shell.help.more.title')}>
        <Anchor component={Link} to="/settings">
          {t('shell.help.more.settings')}
        </Anchor>
        <Anchor component={Link} to="/about">
          {t('shell.help.more.about')}
        </Anchor>
      </Section>
    </Stack>
  );
}
