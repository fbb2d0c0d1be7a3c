import yazl from 'yazl';

/** A ZIP archive made with yazl: each entry's name and content, deflated. */
export async function zipOf(entries: Record<string, Buffer | string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries)) {
    zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name, { compress: true });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The smallest DOCX a word processor would open far enough to be recognised: its two parts. */
export const docxOf = (extra: Record<string, Buffer | string> = {}) =>
  zipOf({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>', ...extra });

/**
 * A zip bomb: a DOCX with a part of `megabytes` MiB of zeros (deflated to about a thousandth).
 * With `lie`, every size field claims 1 byte unpacked, as a crafted bomb would: the central
 * directory's and the local header's size fields are overwritten in place.
 */
export async function docxBomb(megabytes: number, lie = false): Promise<Buffer> {
  const bytes = await docxOf({ 'word/media/zeros.bin': Buffer.alloc(megabytes * 1024 * 1024) });
  if (!lie) return bytes;
  for (let at = 0; at + 4 <= bytes.length; at++) {
    const signature = bytes.readUInt32LE(at);
    // Central directory entry: uncompressed size at +24; local header: at +22.
    if (signature === 0x02014b50 && bytes.readUInt32LE(at + 24) === megabytes * 1024 * 1024)
      bytes.writeUInt32LE(1, at + 24);
    if (signature === 0x04034b50 && bytes.readUInt32LE(at + 22) === megabytes * 1024 * 1024)
      bytes.writeUInt32LE(1, at + 22);
  }
  return bytes;
}
