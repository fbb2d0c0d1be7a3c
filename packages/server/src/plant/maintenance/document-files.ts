import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Shape of every generated stored name; anything else is never opened. */
const STORED_NAME = /^datasheets\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z]{3,4}$/;

/** Uploaded data-sheet files under the data directory, outside anything the web server serves. */
export interface DocumentFiles {
  /** The directory the stored names are relative to. */
  readonly root: string;
  /** Writes the bytes under a new generated name and returns that name. */
  save(bytes: Buffer, extension: string): Promise<string>;
  /**
   * A fresh path for an upload on its way in, beside the stored files (so that keeping it is a
   * rename, not a copy) but never under a stored name.
   */
  incomingPath(): Promise<string>;
  /** Moves a checked incoming file under a new generated name and returns that name. */
  keep(incoming: string, extension: string): Promise<string>;
  /** Opens a stored file for reading; null when the name is not a generated one or the file is gone. */
  open(storedName: string): Promise<{ stream: ReadStream; size: number } | null>;
  remove(storedName: string): Promise<void>;
}

/** The document files of a data directory: `<dataDir>/documents/datasheets/<uuid>.<ext>`. */
export function createDocumentFiles(dataDir: string): DocumentFiles {
  const root = path.resolve(dataDir, 'documents');
  const fullPath = (storedName: string): string | null => {
    if (!STORED_NAME.test(storedName)) return null;
    const full = path.resolve(root, storedName);
    return full.startsWith(root + path.sep) ? full : null;
  };
  const incomingDir = path.join(root, 'incoming');
  const newStoredName = async (extension: string) => {
    if (!/^\.[a-z]{3,4}$/.test(extension)) throw new Error(`bad extension ${extension}`);
    const storedName = `datasheets/${randomUUID()}${extension}`;
    const full = fullPath(storedName) as string;
    await fs.mkdir(path.dirname(full), { recursive: true, mode: 0o750 });
    return { storedName, full };
  };
  return {
    root,
    async incomingPath() {
      await fs.mkdir(incomingDir, { recursive: true, mode: 0o750 });
      return path.join(incomingDir, `${randomUUID()}.part`);
    },
    async keep(incoming, extension) {
      if (path.dirname(incoming) !== incomingDir) throw new Error('not an incoming upload');
      const { storedName, full } = await newStoredName(extension);
      // link + unlink instead of rename: like 'wx', never replaces an existing file.
      await fs.link(incoming, full);
      await fs.rm(incoming, { force: true });
      await fs.chmod(full, 0o640);
      return storedName;
    },
    async save(bytes, extension) {
      const { storedName, full } = await newStoredName(extension);
      // 'wx': never overwrite; the name is fresh, so an existing file would be a fault.
      await fs.writeFile(full, bytes, { flag: 'wx', mode: 0o640 });
      return storedName;
    },
    async open(storedName) {
      const full = fullPath(storedName);
      if (full === null) return null;
      try {
        const stat = await fs.stat(full);
        if (!stat.isFile()) return null;
        return { stream: createReadStream(full), size: stat.size };
      } catch {
        return null;
      }
    },
    async remove(storedName) {
      const full = fullPath(storedName);
      if (full !== null) await fs.rm(full, { force: true });
    },
  };
}
