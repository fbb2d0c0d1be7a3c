import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  documentFormRefusal,
  lifecycleEntryRefusal,
  maintenanceTimestampMs,
  pvKey,
  type DatasheetDataItem,
  type DatasheetDocument,
  type DatasheetPart,
  type ExternalDocumentForm,
  type LifecycleBulkSave,
  type LifecycleBulkSaveReply,
  type LifecycleEntry,
  type LifecycleEntryInput,
  type PvRef,
} from '@leitwarte/core';
import type { Store } from '../../store/index.js';
import {
  LifecycleNotFoundError,
  type LifecycleEntryData,
  type MaintenanceRepositories,
} from '../../store/maintenance/index.js';
import type { Plant } from '../plant.js';
import type { MaintenanceActor } from './actor.js';
import { MaintenanceInputError } from './errors.js';

/** File kinds a data sheet may hold; the upload checks the content against the same list. */
export const DOCUMENT_EXTENSIONS = [
  '.pdf',
  '.png',
  '.jpg',
  '.jpeg',
  '.txt',
  '.csv',
  '.docx',
  '.xlsx',
  '.odt',
  '.ods',
];

/** Machine life cycle and data sheets (calls §7 Maintenance). */
export interface MachineRecords {
  lifecycle(pv: PvRef): Promise<LifecycleEntry[]>;
  createLifecycleEntry(input: LifecycleEntryInput, actor: MaintenanceActor): Promise<LifecycleEntry>;
  saveLifecycle(request: LifecycleBulkSave, actor: MaintenanceActor): Promise<LifecycleBulkSaveReply>;
  documents(pv: PvRef): Promise<DatasheetDocument[]>;
  /** Stores a document's metadata; for files a generated name relative to the document directory. */
  addDocument(pv: PvRef, form: ExternalDocumentForm, actor: MaintenanceActor): Promise<DatasheetDocument>;
  datasheetData(pv: PvRef): Promise<DatasheetDataItem[]>;
  parts(pv: PvRef): Promise<DatasheetPart[]>;
}

export function createMachineRecords(deps: {
  store: Store;
  plant: Plant;
  repos: MaintenanceRepositories;
  now: () => number;
}): MachineRecords {
  const { store, plant, repos, now } = deps;
  const known = (pv: PvRef) => {
    if (!plant.config(pvKey(pv))) throw new MaintenanceInputError(`Unbekannte Prozessvariable ${pvKey(pv)}.`);
    return pv;
  };
  const entryData = (input: LifecycleEntryInput): LifecycleEntryData => {
    known(input.pvRef);
    const refusal = lifecycleEntryRefusal(input);
    if (refusal) throw new MaintenanceInputError(refusal);
    return {
      pvRef: input.pvRef,
      maintenanceTimestamp: maintenanceTimestampMs(input.maintenanceTimestamp) as number,
      text: input.text.trim(),
      kind: input.kind.trim(),
    };
  };
  const audit = (actor: MaintenanceActor, action: string, object: string, detail: Record<string, unknown>) =>
    store.audit.append({
      at: now(),
      userId: actor.userId,
      username: actor.username,
      action,
      object,
      detail,
      remoteAddress: actor.remoteAddress ?? null,
    });

  return {
    lifecycle: (pv) => repos.lifecycle.ofPv(known(pv)),
    async createLifecycleEntry(input, actor) {
      const entry = await repos.lifecycle.create(entryData(input), actor.username, now());
      await audit(actor, 'maintenance-lifecycle-create', pvKey(entry.pvRef), {
        id: entry.id,
        text: entry.text,
      });
      return entry;
    },
    async saveLifecycle(request, actor) {
      const failed = (errorMessage: string): LifecycleBulkSaveReply => ({
        created: [],
        updated: [],
        deletedIds: [],
        status: 'Failed',
        errorMessage,
      });
      let changes;
      try {
        changes = {
          create: request.entriesToCreate.map(entryData),
          update: request.entriesToUpdate.map((u) => ({ ...entryData(u), id: u.id })),
          deleteIds: [...new Set(request.idsToDelete)],
        };
      } catch (error) {
        if (error instanceof MaintenanceInputError) return failed(error.message);
        throw error;
      }
      try {
        const result = await repos.lifecycle.apply(changes, actor.username, now());
        const pvs = [...new Set([...result.created, ...result.updated].map((e) => pvKey(e.pvRef)))];
        await audit(actor, 'maintenance-lifecycle-save', pvs.join(','), {
          created: result.created.map((e) => e.id),
          updated: result.updated.map((e) => e.id),
          deleted: result.deletedIds,
        });
        return { ...result, status: 'Success' };
      } catch (error) {
        if (error instanceof LifecycleNotFoundError) return failed(error.message);
        throw error;
      }
    },
    documents: (pv) => repos.datasheets.documents(known(pv)),
    async addDocument(pv, form, actor) {
      known(pv);
      const refusal = documentFormRefusal(form);
      if (refusal) throw new MaintenanceInputError(refusal);
      let storedName: string | null = null;
      const fileName = form.docType === 'File' ? path.basename(form.fileName?.trim() ?? '') : null;
      if (fileName !== null) {
        const ext = path.extname(fileName).toLowerCase();
        if (!DOCUMENT_EXTENSIONS.includes(ext)) {
          throw new MaintenanceInputError(`Dateityp ${ext || '(ohne Endung)'} ist nicht erlaubt.`);
        }
        // Stored under a generated name: the original name never reaches the file system.
        storedName = `datasheets/${randomUUID()}${ext}`;
      }
      const doc = await repos.datasheets.addDocument(
        {
          pvRef: pv,
          description: form.description.trim(),
          docType: form.docType,
          target: form.docType === 'File' ? null : (form.target?.trim() ?? null),
          fileName,
          storedName,
        },
        actor.username,
        now(),
      );
      await audit(actor, 'maintenance-document-add', pvKey(pv), { id: doc.id, description: doc.description });
      return doc;
    },
    datasheetData: (pv) => repos.datasheets.data(known(pv)),
    parts: (pv) => repos.datasheets.parts(known(pv)),
  };
}
