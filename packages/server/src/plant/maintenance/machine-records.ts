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
import { auditedEntry, createRecordsAudit } from './records-audit.js';

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

/** An uploaded file already written under its generated name. */
export interface StoredDocumentFile {
  storedName: string;
  size: number;
  /** The kind detected from the content (pdf, png, ...). */
  kind: string;
}

/** Machine life cycle and data sheets (calls §7 Maintenance). */
export interface MachineRecords {
  lifecycle(pv: PvRef): Promise<LifecycleEntry[]>;
  createLifecycleEntry(input: LifecycleEntryInput, actor: MaintenanceActor): Promise<LifecycleEntry>;
  saveLifecycle(request: LifecycleBulkSave, actor: MaintenanceActor): Promise<LifecycleBulkSaveReply>;
  /** Life-cycle entries by id (those that exist), e.g. to check rights on an update or delete. */
  lifecycleEntries(ids: readonly number[]): Promise<LifecycleEntry[]>;
  documents(pv: PvRef): Promise<DatasheetDocument[]>;
  document(id: number): Promise<DatasheetDocument | undefined>;
  /**
   * Stores a document's metadata. For files a generated name relative to the document directory;
   * an uploaded file comes with the name it was already stored under, its size and detected type.
   */
  addDocument(
    pv: PvRef,
    form: ExternalDocumentForm,
    actor: MaintenanceActor,
    file?: StoredDocumentFile,
  ): Promise<DatasheetDocument>;
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
  const audit = createRecordsAudit(store, now);

  return {
    lifecycle: (pv) => repos.lifecycle.ofPv(known(pv)),
    async createLifecycleEntry(input, actor) {
      const entry = await repos.lifecycle.create(entryData(input), actor.username, now());
      await audit(
        actor,
        'maintenance.lifecycle.create',
        pvKey(entry.pvRef),
        { id: entry.id },
        {
          new: auditedEntry(entry),
        },
      );
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
        const before = new Map(
          (await repos.lifecycle.byIds([...changes.update.map((u) => u.id), ...changes.deleteIds])).map(
            (e) => [e.id, e],
          ),
        );
        const result = await repos.lifecycle.apply(changes, actor.username, now());
        // One audit row per changed entry, old → new.
        for (const e of result.created) {
          await audit(
            actor,
            'maintenance.lifecycle.create',
            pvKey(e.pvRef),
            { id: e.id },
            { new: auditedEntry(e) },
          );
        }
        for (const e of result.updated) {
          const old = before.get(e.id);
          await audit(
            actor,
            'maintenance.lifecycle.update',
            pvKey(e.pvRef),
            { id: e.id },
            { old: old && auditedEntry(old), new: auditedEntry(e) },
          );
        }
        for (const id of result.deletedIds) {
          const old = before.get(id);
          await audit(
            actor,
            'maintenance.lifecycle.delete',
            old ? pvKey(old.pvRef) : String(id),
            { id },
            {
              old: old && auditedEntry(old),
            },
          );
        }
        return { ...result, status: 'Success' };
      } catch (error) {
        if (error instanceof LifecycleNotFoundError) return failed(error.message);
        throw error;
      }
    },
    lifecycleEntries: (ids) => repos.lifecycle.byIds([...new Set(ids)]),
    documents: (pv) => repos.datasheets.documents(known(pv)),
    document: (id) => repos.datasheets.document(id),
    async addDocument(pv, form, actor, file) {
      known(pv);
      const refusal = documentFormRefusal(form);
      if (refusal) throw new MaintenanceInputError(refusal);
      let storedName: string | null = null;
      const fileName = form.docType === 'File' ? path.basename(form.fileName?.trim() ?? '') : null;
      if (fileName !== null && file !== undefined) {
        // Uploaded: the content was checked and decided the generated name.
        storedName = file.storedName;
      } else if (fileName !== null) {
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
      await audit(
        actor,
        file ? 'maintenance.document.upload' : 'maintenance.document.add',
        pvKey(pv),
        file
          ? { id: doc.id, fileName, size: file.size, type: file.kind, storedName }
          : { id: doc.id, docType: doc.docType },
        { new: { description: doc.description, docType: doc.docType, target: doc.target, fileName } },
      );
      return doc;
    },
    datasheetData: (pv) => repos.datasheets.data(known(pv)),
    parts: (pv) => repos.datasheets.parts(known(pv)),
  };
}
