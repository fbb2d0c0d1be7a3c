import type { BrowseNodeView, SourceStatusView } from '@leitwarte/core';
import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  CopyButton,
  Group,
  Modal,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browseSource } from '../../api/admin-sources';
import { LoadingView } from '../../ui/status-views';
import { useSourceErrorText } from './source-error';

/**
 * The address space of an OPC UA source, one level at a time from the Objects folder: objects
 * open, variables show their NodeId (to copy into the plant file) and data type.
 */
export function BrowseDialog({ source, onClose }: { source: SourceStatusView; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useSourceErrorText();
  const [path, setPath] = useState<BrowseNodeView[]>([]);
  const here = path.at(-1)?.nodeId ?? null;
  const nodes = useQuery({
    queryKey: ['admin', 'sources', source.id, 'browse', here],
    queryFn: ({ signal }) => browseSource(source.id, here, signal),
    retry: false,
  });
  const crumbs = [
    <Anchor key="root" component="button" type="button" onClick={() => setPath([])}>
      {t('admin.sources.browseRoot')}
    </Anchor>,
    ...path.map((node, i) => (
      <Anchor
        key={node.nodeId}
        component="button"
        type="button"
        onClick={() => setPath(path.slice(0, i + 1))}
      >
        {node.displayName || node.browseName}
      </Anchor>
    )),
  ];
  let content;
  if (nodes.error)
    content = (
      <Alert color="red" role="alert">
        {errorText(nodes.error)}
      </Alert>
    );
  else if (!nodes.data) content = <LoadingView />;
  else if (nodes.data.nodes.length === 0) content = <Text c="dimmed">{t('admin.sources.browseEmpty')}</Text>;
  else
    content = (
      <Table.ScrollContainer minWidth={520}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.sources.node')}</Table.Th>
              <Table.Th>{t('admin.sources.nodeId')}</Table.Th>
              <Table.Th>{t('admin.sources.dataType')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {nodes.data.nodes.map((node) => (
              <Table.Tr key={node.nodeId} data-node={node.nodeId}>
                <Table.Td>
                  {node.hasChildren ? (
                    <Anchor component="button" type="button" onClick={() => setPath([...path, node])}>
                      {node.displayName || node.browseName}
                    </Anchor>
                  ) : (
                    node.displayName || node.browseName
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" ff="monospace">
                      {node.nodeId}
                    </Text>
                    <CopyButton value={node.nodeId}>
                      {({ copied, copy }) => (
                        <Button size="compact-xs" variant="subtle" onClick={copy}>
                          {copied ? t('admin.sources.copied') : t('admin.sources.copy')}
                        </Button>
                      )}
                    </CopyButton>
                  </Group>
                </Table.Td>
                <Table.Td>
                  {node.dataType ?? t(`admin.sources.nodeClasses.${nodeClassKey(node.nodeClass)}`)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  return (
    <Modal opened onClose={onClose} size="xl" title={t('admin.sources.browseTitle', { name: source.name })}>
      <Stack>
        <Breadcrumbs separator="›" style={{ flexWrap: 'wrap' }}>
          {crumbs}
        </Breadcrumbs>
        {content}
      </Stack>
    </Modal>
  );
}

const NODE_CLASSES = [
  'Object',
  'Variable',
  'Method',
  'ObjectType',
  'VariableType',
  'ReferenceType',
  'DataType',
  'View',
] as const;
function nodeClassKey(nodeClass: string): (typeof NODE_CLASSES)[number] | 'other' {
  return (NODE_CLASSES as readonly string[]).includes(nodeClass)
    ? (nodeClass as (typeof NODE_CLASSES)[number])
    : 'other';
}
