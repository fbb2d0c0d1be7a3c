import type { ChartConfig, ChartDirectory } from '@leitwarte/core';
import { Anchor, Box, Group, Text, UnstyledButton } from '@mantine/core';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { startEarlyChartData } from './early-chart-data';

/** Where a chart of a type opens: live charts follow now, archive charts show the past. */
export function chartPath(type: ChartDirectory['type'], id: number): string {
  return type === 'LiveMeasurement' ? `/charts/live/${id}` : `/charts/archive/${id}`;
}

/** Whether a directory holds any chart, directly or further down. */
export function holdsCharts(directory: ChartDirectory): boolean {
  return directory.configList.length > 0 || directory.childDirectoryList.some(holdsCharts);
}

/** The plot width a chart opened from the directory will most likely have; 0 when unknown. */
export type PlotWidthGuess = () => number;

/**
 * A plain click on a chart link asks for the chart's data at once (see startEarlyChartData); a
 * click that opens another tab or window does not.
 */
function onChartClick(event: MouseEvent, config: ChartConfig, live: boolean, plotWidth: PlotWidthGuess) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const width = plotWidth();
  if (width > 0) startEarlyChartData(config, live, new URLSearchParams(), width);
}

function DirectoryNode({
  directory,
  depth,
  plotWidth,
}: {
  directory: ChartDirectory;
  depth: number;
  plotWidth: PlotWidthGuess;
}) {
  const { t } = useTranslation();
  // The top levels start open, deeper ones closed, so a large tree stays readable.
  const [open, setOpen] = useState(depth < 1);
  const id = `chart-directory-${directory.type}-${directory.id}`;
  return (
    <li>
      <UnstyledButton
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={id}
        data-testid="chart-directory"
      >
        <Group gap={6} wrap="nowrap">
          <Text span aria-hidden w={14} ta="center">
            {open ? '▾' : '▸'}
          </Text>
          <Text span fw={500}>
            {directory.name}
          </Text>
          <Text span size="xs" c="dimmed">
            {t('charts.directory.count', { count: directory.configList.length })}
          </Text>
        </Group>
      </UnstyledButton>
      {open ? (
        <Box component="ul" id={id} pl="lg" my={4} style={{ listStyle: 'none' }}>
          {directory.childDirectoryList.map((child) => (
            <DirectoryNode key={child.id} directory={child} depth={depth + 1} plotWidth={plotWidth} />
          ))}
          {directory.configList.map((config) => (
            <li key={config.id}>
              <Anchor
                component={Link}
                to={chartPath(directory.type, config.id)}
                size="sm"
                onClick={(event: MouseEvent) =>
                  onChartClick(event, config, directory.type === 'LiveMeasurement', plotWidth)
                }
              >
                {config.title}
              </Anchor>
            </li>
          ))}
        </Box>
      ) : null}
    </li>
  );
}

/** A chart directory tree: nested, collapsible directories with links to their charts. */
export function DirectoryTree({
  directories,
  label,
  plotWidth = () => 0,
}: {
  directories: readonly ChartDirectory[];
  label: string;
  plotWidth?: PlotWidthGuess;
}) {
  return (
    <Box component="ul" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
      {directories.map((directory) => (
        <DirectoryNode key={directory.id} directory={directory} depth={0} plotWidth={plotWidth} />
      ))}
    </Box>
  );
}
