import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../schema.js';
import type { WebcamImagesTable } from './tables.js';

/** One stored image of a webcam. */
export interface WebcamImageRecord {
  id: number;
  webcamId: number;
  /** Capture time, ms since the epoch. */
  at: number;
  fileName: string;
  bytes: number;
}

export interface WebcamImagesRepository {
  insert(image: Omit<WebcamImageRecord, 'id'>): Promise<WebcamImageRecord>;
  /** Inserts many in one transaction (a backfill); returns how many. */
  insertMany(images: readonly Omit<WebcamImageRecord, 'id'>[]): Promise<number>;
  /** Images of a webcam with from ≤ at ≤ to, oldest first. */
  range(webcamId: number, from: number, to: number): Promise<WebcamImageRecord[]>;
  newest(webcamId: number): Promise<WebcamImageRecord | undefined>;
  /** The oldest image of the webcam taken after `at`. */
  nextAfter(webcamId: number, at: number): Promise<WebcamImageRecord | undefined>;
  byFileName(fileName: string): Promise<WebcamImageRecord | undefined>;
  /** Images taken before `cutoff` (of one webcam, or of all), oldest first, at most `limit`. */
  olderThan(cutoff: number, limit: number, webcamId?: number): Promise<WebcamImageRecord[]>;
  delete(ids: readonly number[]): Promise<void>;
}

function fromRow(r: Selectable<WebcamImagesTable>): WebcamImageRecord {
  return { id: r.id, webcamId: r.webcam_id, at: r.at, fileName: r.file_name, bytes: r.bytes };
}

export function createWebcamImagesRepository(db: Kysely<Database>): WebcamImagesRepository {
  const images = () => db.selectFrom('webcam_images').selectAll();
  return {
    async insert(image) {
      const row = await db
        .insertInto('webcam_images')
        .values({ webcam_id: image.webcamId, at: image.at, file_name: image.fileName, bytes: image.bytes })
        .returningAll()
        .executeTakeFirstOrThrow();
      return fromRow(row);
    },
    async insertMany(list) {
      if (list.length === 0) return 0;
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < list.length; i += 200) {
          const values = list.slice(i, i + 200).map((image) => ({
            webcam_id: image.webcamId,
            at: image.at,
            file_name: image.fileName,
            bytes: image.bytes,
          }));
          await trx.insertInto('webcam_images').values(values).execute();
        }
      });
      return list.length;
    },
    async range(webcamId, from, to) {
      const rows = await images()
        .where('webcam_id', '=', webcamId)
        .where('at', '>=', from)
        .where('at', '<=', to)
        .orderBy('at')
        .execute();
      return rows.map(fromRow);
    },
    async newest(webcamId) {
      const row = await images()
        .where('webcam_id', '=', webcamId)
        .orderBy('at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row && fromRow(row);
    },
    async nextAfter(webcamId, at) {
      const row = await images()
        .where('webcam_id', '=', webcamId)
        .where('at', '>', at)
        .orderBy('at')
        .limit(1)
        .executeTakeFirst();
      return row && fromRow(row);
    },
    async byFileName(fileName) {
      const row = await images().where('file_name', '=', fileName).executeTakeFirst();
      return row && fromRow(row);
    },
    async olderThan(cutoff, limit, webcamId) {
      let query = images().where('at', '<', cutoff);
      if (webcamId !== undefined) query = query.where('webcam_id', '=', webcamId);
      return (await query.orderBy('at').limit(limit).execute()).map(fromRow);
    },
    async delete(ids) {
      if (ids.length > 0)
        await db
          .deleteFrom('webcam_images')
          .where('id', 'in', [...ids])
          .execute();
    },
  };
}
