import type {
  DatasheetDataItem,
  DatasheetDocument,
  DatasheetPart,
  DocType,
  PvRef,
  PvType,
} from '@leitwarte/core';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../schema.js';
import type { MaintenanceDocumentsTable } from './maintenance-tables.js';

/** A document's metadata before it is stored. */
export interface NewDatasheetDocument {
  pvRef: PvRef;
  description: string;
  docType: DocType;
  target: string | null;
  fileName: string | null;
  storedName: string | null;
}

/** Machine data sheets per PV: documents (metadata), technical data and spare parts. */
export interface DatasheetRepository {
  documents(ref: PvRef): Promise<DatasheetDocument[]>;
  /** One document by id, whatever its PV; undefined when there is none. */
  document(id: number): Promise<DatasheetDocument | undefined>;
  addDocument(doc: NewDatasheetDocument, username: string, now: number): Promise<DatasheetDocument>;
  data(ref: PvRef): Promise<DatasheetDataItem[]>;
  replaceData(ref: PvRef, items: readonly DatasheetDataItem[]): Promise<void>;
  parts(ref: PvRef): Promise<DatasheetPart[]>;
  replaceParts(ref: PvRef, parts: readonly DatasheetPart[]): Promise<void>;
}

const toDocument = (row: Selectable<MaintenanceDocumentsTable>): DatasheetDocument => ({
  id: Number(row.id),
  pvRef: { type: row.pv_type as PvType, nr: row.pv_nr },
  description: row.description,
  docType: row.doc_type as DocType,
  target: row.target,
  fileName: row.file_name,
  storedName: row.stored_name,
  createdAt: row.created_at,
  user: row.username,
});

export function createDatasheetRepository(db: Kysely<Database>): DatasheetRepository {
  type Table = 'maintenance_documents' | 'maintenance_datasheet_data' | 'maintenance_parts';
  const ofPv = (table: Table, ref: PvRef) =>
    db.selectFrom(table).selectAll().where('pv_type', '=', ref.type).where('pv_nr', '=', ref.nr);
  return {
    documents: async (ref) =>
      (await ofPv('maintenance_documents', ref).orderBy('id').execute()).map(toDocument),
    async document(id) {
      const row = await db
        .selectFrom('maintenance_documents')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row === undefined ? undefined : toDocument(row);
    },
    async addDocument(doc, username, now) {
      const row = await db
        .insertInto('maintenance_documents')
        .values({
          pv_type: doc.pvRef.type,
          pv_nr: doc.pvRef.nr,
          description: doc.description,
          doc_type: doc.docType,
          target: doc.target,
          file_name: doc.fileName,
          stored_name: doc.storedName,
          username,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toDocument(row);
    },
    data: async (ref) =>
      (await ofPv('maintenance_datasheet_data', ref).orderBy('sort').execute()).map((r) => ({
        key: r.key,
        value: r.value,
      })),
    async replaceData(ref, items) {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('maintenance_datasheet_data')
          .where('pv_type', '=', ref.type)
          .where('pv_nr', '=', ref.nr)
          .execute();
        if (items.length === 0) return;
        await trx
          .insertInto('maintenance_datasheet_data')
          .values(
            items.map((i, sort) => ({ pv_type: ref.type, pv_nr: ref.nr, sort, key: i.key, value: i.value })),
          )
          .execute();
      });
    },
    parts: async (ref) =>
      (await ofPv('maintenance_parts', ref).orderBy('sort').execute()).map((r) => ({
        number: r.number,
        name: r.name,
        quantity: r.quantity,
      })),
    async replaceParts(ref, parts) {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('maintenance_parts')
          .where('pv_type', '=', ref.type)
          .where('pv_nr', '=', ref.nr)
          .execute();
        if (parts.length === 0) return;
        await trx
          .insertInto('maintenance_parts')
          .values(
            parts.map((p, sort) => ({
              pv_type: ref.type,
              pv_nr: ref.nr,
              sort,
              number: p.number,
              name: p.name,
              quantity: p.quantity,
            })),
          )
          .execute();
      });
    },
  };
}
