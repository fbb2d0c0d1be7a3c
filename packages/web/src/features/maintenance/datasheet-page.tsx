import { pvKey, type DatasheetDocument } from '@leitwarte/core';
import { Anchor, Card, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  datasheetDocumentFileUrl,
  getDatasheetData,
  getDatasheetDocuments,
  getDatasheetParts,
} from '../../api/maintenance';
import { useLocaleFormat } from '../../lib/format-locale';
import { EmptyView, ErrorView, LoadingView } from '../../ui/status-views';
import { DocumentForm } from './document-form';
import { MachineHeader } from './machine-header';
import { useMachine } from './use-machine';
import { useMachineRight } from './use-machine-right';
import './maintenance.css';

function DocumentLink({ doc }: { doc: DatasheetDocument }) {
  // Links open the web address in a new tab; files come from the server as an attachment.
  if (doc.docType === 'Link' && doc.target)
    return (
      <Anchor href={doc.target} target="_blank" rel="noopener noreferrer">
        {doc.description}
      </Anchor>
    );
  return (
    <Anchor href={datasheetDocumentFileUrl(doc.id)} download={doc.fileName ?? undefined}>
      {doc.description}
    </Anchor>
  );
}

/**
 * Machine data sheet (screens §2): nameplate data, spare parts and the external documents, which
 * users with the upload right add as links or files.
 */
export function DatasheetPage() {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const { machine, id, name, missing } = useMachine();
  const canUpload = useMachineRight(machine, 'upload');
  const key = machine ? pvKey(machine) : id;
  const enabled = machine !== null;
  const data = useQuery({
    queryKey: ['maintenance', 'datasheet', 'data', key],
    queryFn: ({ signal }) => (machine ? getDatasheetData(machine, signal) : Promise.resolve([])),
    enabled,
  });
  const parts = useQuery({
    queryKey: ['maintenance', 'datasheet', 'parts', key],
    queryFn: ({ signal }) => (machine ? getDatasheetParts(machine, signal) : Promise.resolve([])),
    enabled,
  });
  const docs = useQuery({
    queryKey: ['maintenance', 'datasheet', 'docs', key],
    queryFn: ({ signal }) => (machine ? getDatasheetDocuments(machine, signal) : Promise.resolve([])),
    enabled,
  });
  if (!machine || missing) return <EmptyView message={t('maintenance.unknownMachine', { id })} />;
  if (data.isPending || parts.isPending || docs.isPending) return <LoadingView />;
  const failed = [data, parts, docs].find((q) => q.isError);
  if (failed) return <ErrorView title={t('maintenance.datasheet.loadFailed')} error={failed.error} />;
  const items = data.data ?? [];
  const partList = parts.data ?? [];
  const docList = docs.data ?? [];

  return (
    <Stack gap="md">
      <MachineHeader machine={machine} name={name} screen="datasheet" />
      <div className="maintenance-columns">
        <Stack gap="md">
          <Card withBorder padding="md">
            <Text fw={600} mb="xs">
              {t('maintenance.datasheet.data')}
            </Text>
            {items.length === 0 ? (
              <Text c="dimmed">{t('maintenance.datasheet.noData')}</Text>
            ) : (
              <Table>
                <Table.Tbody>
                  {items.map((item) => (
                    <Table.Tr key={item.key}>
                      <Table.Th w="40%">{item.key}</Table.Th>
                      <Table.Td>{item.value}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Card>
          <Card withBorder padding="md">
            <Text fw={600} mb="xs">
              {t('maintenance.datasheet.parts')}
            </Text>
            {partList.length === 0 ? (
              <Text c="dimmed">{t('maintenance.datasheet.noParts')}</Text>
            ) : (
              <Table.ScrollContainer minWidth={360}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('maintenance.datasheet.partNumber')}</Table.Th>
                      <Table.Th>{t('maintenance.datasheet.partName')}</Table.Th>
                      <Table.Th ta="right">{t('maintenance.datasheet.quantity')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {partList.map((part) => (
                      <Table.Tr key={part.number}>
                        <Table.Td>{part.number}</Table.Td>
                        <Table.Td>{part.name}</Table.Td>
                        <Table.Td ta="right">{format.number(part.quantity)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Card>
        </Stack>
        <Stack gap="md">
          <Card withBorder padding="md">
            <Text fw={600} mb="xs">
              {t('maintenance.datasheet.documents')}
            </Text>
            {docList.length === 0 ? (
              <Text c="dimmed">{t('maintenance.datasheet.noDocuments')}</Text>
            ) : (
              <Stack gap="xs">
                {docList.map((doc) => (
                  <div key={doc.id} data-document={doc.id}>
                    <DocumentLink doc={doc} />
                    <Text size="xs" c="dimmed">
                      {doc.docType === 'Link' ? doc.target : doc.fileName} · {format.date(doc.createdAt)} ·{' '}
                      {doc.user}
                    </Text>
                  </div>
                ))}
              </Stack>
            )}
          </Card>
          {canUpload ? (
            <Card withBorder padding="md" className="maintenance-no-print">
              <Text fw={600} mb="xs">
                {t('maintenance.datasheet.addTitle')}
              </Text>
              <DocumentForm machine={machine} onAdded={() => void docs.refetch()} />
            </Card>
          ) : null}
        </Stack>
      </div>
    </Stack>
  );
}
