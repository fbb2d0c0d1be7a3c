import type { AlarmLineConfig, AlarmLineInfo } from '@leitwarte/core';
import { Badge, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The alarm lines with their live state: busy, faulty, connection type (screens §3 alarm line info). */
export function LinesTable({
  lines,
  live,
  stationName,
}: {
  lines: readonly AlarmLineConfig[];
  live: (line: AlarmLineConfig) => AlarmLineInfo | undefined;
  stationName: (station: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped verticalSpacing={4} aria-label={t('remoteAlarm.lines.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('remoteAlarm.station')}</Table.Th>
            <Table.Th>{t('remoteAlarm.lines.line')}</Table.Th>
            <Table.Th>{t('remoteAlarm.lines.connectionType')}</Table.Th>
            <Table.Th>{t('remoteAlarm.lines.state')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => {
            const info = live(line);
            const state = !info
              ? { color: 'gray', text: t('remoteAlarm.lines.unknown') }
              : info.faulty
                ? { color: 'red', text: t('remoteAlarm.lines.faulty') }
                : info.busy
                  ? { color: 'orange', text: t('remoteAlarm.lines.busy') }
                  : { color: 'green', text: t('remoteAlarm.lines.free') };
            return (
              <Table.Tr
                key={`${line.station}/${line.lineNumber}`}
                data-line={`${line.station}/${line.lineNumber}`}
              >
                <Table.Td>{stationName(line.station)}</Table.Td>
                <Table.Td>{line.lineNumber}</Table.Td>
                <Table.Td>{line.connectionType}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={state.color}>
                    {state.text}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
