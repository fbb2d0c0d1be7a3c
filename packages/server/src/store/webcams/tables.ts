import type { Generated } from 'kysely';

/** One stored webcam image; the file lives under the data directory by its generated name. */
export interface WebcamImagesTable {
  id: Generated<number>;
  webcam_id: number;
  at: number;
  file_name: string;
  bytes: number;
}

export interface WebcamTables {
  webcam_images: WebcamImagesTable;
}
