/** The record separator (ASCII 0x1E) that terminates every JSON hub protocol record. */
export const RECORD_SEPARATOR = '\x1e';
const SEPARATOR_BYTE = 0x1e;

/** Result of feeding one frame: the complete records, or the reason the stream is unusable. */
export type ReadResult = { records: string[] } | { records: string[]; oversize: true };

/**
 * Splits the incoming byte stream of one connection into records. A frame may carry several
 * records and a record may span frames, so incomplete tails are kept until their separator
 * arrives. Works on bytes, not strings: 0x1E never occurs inside a multi-byte UTF-8 sequence,
 * so a character split across frames is decoded only once it is whole, and the size limit is
 * counted in bytes like the ASP.NET server counts it.
 */
export class RecordReader {
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(private readonly maxRecordBytes: number) {}

  /** Feeds one frame. Once oversize is reported the reader must not be used again. */
  push(frame: Buffer): ReadResult {
    const records: string[] = [];
    let start = 0;
    for (let sep = frame.indexOf(SEPARATOR_BYTE); sep !== -1; sep = frame.indexOf(SEPARATOR_BYTE, start)) {
      const piece = frame.subarray(start, sep);
      if (this.pendingBytes + piece.length > this.maxRecordBytes) return { records, oversize: true };
      const bytes = this.pending.length === 0 ? piece : Buffer.concat([...this.pending, piece]);
      this.pending = [];
      this.pendingBytes = 0;
      records.push(bytes.toString('utf8'));
      start = sep + 1;
    }
    if (start < frame.length) {
      const tail = frame.subarray(start);
      // Checked before keeping the tail: a client that never sends a separator must not make
      // us buffer more than one record's worth of bytes.
      if (this.pendingBytes + tail.length > this.maxRecordBytes) return { records, oversize: true };
      // Copy: ws may reuse the frame's memory after the message handler returns.
      this.pending.push(Buffer.from(tail));
      this.pendingBytes += tail.length;
    }
    return { records };
  }
}

/** Encodes one record: JSON text plus the separator. */
export function encodeRecord(message: object): string {
  return JSON.stringify(message) + RECORD_SEPARATOR;
}
