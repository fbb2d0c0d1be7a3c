import type { PvRef } from '@leitwarte/core';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { machinePath, type MachineScreen } from './machine-paths';

const SCREENS: readonly MachineScreen[] = ['runtimes', 'lifecycle', 'datasheet'];

/** Title of a machine's maintenance screen with links to its other two screens. */
export function MachineHeader({
  machine,
  name,
  screen,
}: {
  machine: PvRef;
  name: string | null;
  screen: MachineScreen;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Title order={1} size="h2">
        {t(`maintenance.screens.${screen}`)}
      </Title>
      <Group gap="md" wrap="wrap">
        <Text fw={600} data-machine-name>
          {name ?? `${machine.type} ${machine.nr}`}
        </Text>
        {SCREENS.filter((s) => s !== screen).map((s) => (
          <Anchor
            key={s}
            component={Link}
            to={machinePath(s, machine)}
            size="sm"
            className="maintenance-no-print"
          >
            {t(`maintenance.screens.${s}`)}
          </Anchor>
        ))}
      </Group>
    </Stack>
  );
}
