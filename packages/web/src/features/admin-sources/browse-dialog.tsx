import type { BrowseNodeView, SourceStatusView } from '@leitwarte/core';
import { Alert, Anchor, Breadcrumbs, Button, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
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
      <Stack gap={0} role="list">
        {nodes.data.nodes.map((node) => (
          <Group
            key={node.nodeId}
            role="listitem"
            data-node={node.nodeId}
            justify="space-between"
            gap="xs"
            py={6}
            style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          >
            <Stack gap={0} style={{ minWidth: 0, flex: '1 1 14rem' }}>
              {node.hasChildren ? (
                <Anchor component="button" type="button" ta="left" onClick={() => setPath([...path, node])}>
                  {node.displayName || node.browseName}
                </Anchor>
              ) : (
                <Text size="sm">{node.displayName || node.browseName}</Text>
              )}
              <Text size="xs" c="dimmed">
                {node.dataType ?? t(`admin.sources.nodeClasses.${nodeClassKey(node.nodeClass)}`)}
              </Text>
            </Stack>
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {node.nodeId}
              </Text>
              <CopyButton value={node.nodeId}>
                {({ copied, copy }) => (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={copy}
                    aria-label={`${t('admin.sources.copy')} ${node.nodeId}`}
                  >
                    {copied ? t('admin.sources.copied') : t('admin.sources.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Group>
        ))}
      </Stack>
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
