import yauzl from 'yauzl';

/** Limits of a DOCX or XLSX archive before it is stored. */
export interface ArchiveLimits {
  maxEntries: number;
  /** All entries unpacked together: declared sizes first, then the bytes actually inflated. */
  maxUnpackedBytes: number;
}

/**
 * A 20 MiB Office document unpacks to a few dozen MiB at most (text, styles, pictures that
 * are stored already compressed); 100 MiB and 1,000 parts leave room for any real one while
 * a zip bomb (200 MiB of zeros in 200 KB) is refused.
 */
export const OFFICE_ARCHIVE_LIMITS: ArchiveLimits = { maxEntries: 1000, maxUnpackedBytes: 100 * 1024 * 1024 };

export type ArchiveInspection =
  | { ok: true; names: string[] }
  | { ok: false; reason: 'invalid' | 'damaged' | 'tooManyEntries' | 'tooLarge' };

class TooLarge extends Error {}

/**
 * Reads a ZIP archive with yauzl (a maintained ZIP reader) and checks it before anything is
 * stored: the entry count, the declared unpacked sizes, and then the real ones by inflating
 * every entry and counting, stopping at the limit (yauzl also refuses an entry whose real size
 * differs from its declared one: 'damaged'). No ZIP, or encrypted entries: 'invalid'.
 */
export async function inspectArchive(
  source: Buffer | { path: string },
  limits = OFFICE_ARCHIVE_LIMITS,
): Promise<ArchiveInspection> {
  let zip: yauzl.ZipFile;
  // autoClose off: the entries are read after the listing; the file is closed below.
  const options = { validateEntrySizes: true, strictFileNames: false, autoClose: false };
  try {
    // An uploaded file is read where it lies: the archive is never held in memory as a whole.
    zip = Buffer.isBuffer(source)
      ? await yauzl.fromBufferPromise(source, options)
      : await yauzl.openPromise(source.path, options);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  try {
    if (zip.entryCount > limits.maxEntries) return { ok: false, reason: 'tooManyEntries' };
    const entries: yauzl.Entry[] = [];
    let declared = 0;
    for await (const entry of zip.eachEntry()) {
      declared += entry.uncompressedSize;
      if (declared > limits.maxUnpackedBytes) return { ok: false, reason: 'tooLarge' };
      if (entry.isEncrypted() || !entry.canDecodeFileData()) return { ok: false, reason: 'invalid' };
      entries.push(entry);
    }
    let inflated = 0;
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      const stream = await zip.openReadStreamPromise(entry);
      try {
        for await (const chunk of stream) {
          inflated += (chunk as Buffer).length;
          if (inflated > limits.maxUnpackedBytes) throw new TooLarge();
        }
      } finally {
        stream.destroy();
      }
    }
    return { ok: true, names: entries.map((e) => e.fileName) };
  } catch (error) {
    // Most often an entry that inflates to more than it declares (a forged zip bomb): yauzl
    // stops at its first byte too many.
    return { ok: false, reason: error instanceof TooLarge ? 'tooLarge' : 'damaged' };
  } finally {
    zip.close();
  }
}
